// What the browser tests share: Debian's Chromium in software rendering, a room server of the
// test's own on 127.0.0.1 with a scratch database, a page's console watched (its lines, its
// errors, a wait for a line), the artifacts folder, and a slow phone connection.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Where screenshots and reports go: `ARTIFACTS`, else `artifacts/` at the top. */
export const ARTIFACTS = process.env.ARTIFACTS || path.join(here, '..', 'artifacts');
fs.mkdirSync(ARTIFACTS, { recursive: true });

/** A file of the artifacts folder. */
export const artifact = (name) => path.join(ARTIFACTS, name);

/** A slow phone connection, as Chromium throttles it: 10 Mbit/s down, 5 up, 40 ms round trip. */
export const SLOW_NETWORK = {
  offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8,
};

/** The DevTools session of a page, its network log on and, given `network`, throttled to it. */
export async function network(context, page, network = null) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  return cdp;
}

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader', '--ignore-gpu-blocklist',
];

/** Headless Chromium drawing WebGL 2 in software (no GPU here), with nothing phoning home. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * Starts `ludo-server` (the binary `LUDO_SERVER` names) on a free port of 127.0.0.1, serving
 * `web` and keeping its rooms in a scratch folder; resolves with its address and a `stop`
 * that kills it and removes the folder.
 */
export async function startRoomServer(web, extraArgs = []) {
  const bin = process.env.LUDO_SERVER;
  if (!bin) throw new Error('LUDO_SERVER names the ludo-server binary');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ludo-web-server-'));
  const server = spawn(bin, ['--addr', '127.0.0.1', '--port', '0', '--web', web,
    '--db', path.join(dir, 'server.sqlite'), ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = await new Promise((ok, fail) => {
    let text = '';
    server.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/listening on (http:\/\/\S+)/);
      if (m) ok(m[1]);
    });
    server.on('exit', (code) => fail(new Error(`ludo-server exited (${code})`)));
    setTimeout(() => fail(new Error('ludo-server did not start in 20 s')), 20000);
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { address, stop };
}

/** Whether a console line matches: a string is looked for inside it; a RegExp is matched. */
function matching(pattern, text) {
  if (typeof pattern === 'string') return text.includes(pattern) ? [pattern] : null;
  return text.match(pattern);
}

/**
 * Watches a page's console. Every line is kept with the time it came (`lines`); a console
 * error or an uncaught exception is a problem, written into `problems` under `name` (Bevy's
 * event loop throws one exception on purpose to hand control back: not a problem).
 * `next(pattern, ms)` resolves with the first line from now on that matches (a string is
 * looked for inside a line, a RegExp matched), `seen(pattern, ms)` with the first since the
 * page opened; each as `{ at, text, match }`, and each fails after `ms`.
 * `said()` is the game's own lines (`ludo: …`), without the prefix and the console's styling.
 */
export function watch(page, name, problems) {
  const lines = [];
  const waiting = [];
  page.on('console', (m) => {
    const line = { at: Date.now(), text: m.text() };
    if (m.type() === 'error') problems.push(`${name}: console error: ${line.text}`);
    lines.push(line);
    for (const w of [...waiting]) {
      const match = matching(w.pattern, line.text);
      if (match) {
        waiting.splice(waiting.indexOf(w), 1);
        w.ok({ ...line, match });
      }
    }
  });
  page.on('pageerror', (e) => {
    if (!String(e).includes('Using exceptions for control flow')) problems.push(`${name}: page error: ${e}`);
  });
  const next = (pattern, timeoutMs) => new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      waiting.splice(waiting.findIndex((w) => w.ok === done), 1);
      fail(new Error(`${name}: no ${pattern} within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = (line) => { clearTimeout(timer); ok(line); };
    waiting.push({ pattern, ok: done });
  });
  const seen = (pattern, timeoutMs) => {
    for (const line of lines) {
      const match = matching(pattern, line.text);
      if (match) return Promise.resolve({ ...line, match });
    }
    return next(pattern, timeoutMs);
  };
  const said = () => lines
    .map((l) => l.text)
    .filter((t) => t.includes('ludo: '))
    .map((t) => t.slice(t.indexOf('ludo: ') + 6).replace(/ color:.*$/, '').trim());
  return { lines, next, seen, said };
}
