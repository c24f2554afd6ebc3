// What the browser tests share: Debian's Chromium in software rendering, a room server of the
// test's own on 127.0.0.1 with a scratch database, a page's console watched (its lines, its
// errors, its signals, a wait for one), the artifacts folder, a slow phone connection, and
// the runner that owns a test's browser, pages, problems, report and exit.
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
 * The game's signal in a console line, if it has one: the JSON object after `ludo: `
 * (`Signal` in src/table/signal.rs), without the console's styling after it; `undefined`
 * for another line, `null` for a signal that is not JSON.
 */
export function signalIn(text) {
  const start = text.indexOf('ludo: {');
  if (start < 0) return undefined;
  let depth = 0;
  let quoted = false;
  for (let i = start + 6; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start + 6, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * Watches a page's console. Every line is kept with the time it came (`lines`), and every
 * signal of the game's (`signals`: its JSON, with `time`, when it came). A console error, an uncaught
 * exception or a signal that is not JSON is a problem, written into `problems` under `name`
 * (Bevy's event loop throws one exception on purpose to hand control back: not a problem).
 * `next(kind, ms, test)` resolves with the first signal of `kind` from now on for which `test`
 * holds, `seen(kind, ms, test)` with the first since the page opened; each fails after `ms`.
 * `last(kind, test)` is the latest so far. `nextLine(pattern, ms)` waits for a plain line (a
 * string looked for inside it, a RegExp matched) and resolves with `{ at, text, match }`.
 */
export function watch(page, name, problems) {
  const lines = [];
  const signals = [];
  const waiting = [];
  page.on('console', (m) => {
    const line = { at: Date.now(), text: m.text() };
    if (m.type() === 'error') problems.push(`${name}: console error: ${line.text}`);
    lines.push(line);
    const signal = signalIn(line.text);
    if (signal === null) problems.push(`${name}: a signal that is not JSON: ${line.text}`);
    if (signal) signals.push({ ...signal, time: line.at });
    for (const w of [...waiting]) {
      const found = w.finds(line, signal && signals.at(-1));
      if (found) {
        waiting.splice(waiting.indexOf(w), 1);
        w.ok(found);
      }
    }
  });
  page.on('pageerror', (e) => {
    if (!String(e).includes('Using exceptions for control flow')) problems.push(`${name}: page error: ${e}`);
  });
  const wait = (finds, what, timeoutMs) => new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      waiting.splice(waiting.findIndex((w) => w.ok === done), 1);
      fail(new Error(`${name}: no ${what} within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = (found) => { clearTimeout(timer); ok(found); };
    waiting.push({ finds, ok: done });
  });
  const is = (kind, test) => (s) => s.signal === kind && test(s);
  const next = (kind, timeoutMs, test = () => true) =>
    wait((_, s) => s && is(kind, test)(s) && s, `${kind} signal`, timeoutMs);
  const seen = (kind, timeoutMs, test = () => true) => {
    const found = signals.find(is(kind, test));
    return found ? Promise.resolve(found) : next(kind, timeoutMs, test);
  };
  const last = (kind, test = () => true) => signals.findLast(is(kind, test));
  const nextLine = (pattern, timeoutMs) => wait((line) => {
    const match = matching(pattern, line.text);
    return match && { ...line, match };
  }, pattern, timeoutMs);
  return { lines, signals, next, seen, last, nextLine };
}

/**
 * Runs one browser test: launches Chromium, hands `body` a test's tools, and owns the end.
 * `body(t)` gets `t.browser`, `t.report` (written to artifacts/NAME-report.json with the
 * problems), `t.fail(what)`, `t.roomServer(web, args)` (stopped at the end), `t.later(fn)`
 * (run at the end), `t.pages()` (every page opened) and `t.page(who, contextOrOptions)`: a page in the given browser context,
 * or in a new one made with the options (a device of its own), its console watched, with
 * `next`, `seen`, `last`, `nextLine`, `lines` and `signals` on it. A throw, a console error or
 * a failed check fails the test: each open page's last lines and a screenshot
 * (NAME-failure-WHO.png) go with it. At the end `summary(report)` is printed, and the process
 * exits 1 on any problem, else 0 (waits of closed pages hold timers).
 */
export async function run(name, body, summary = () => null) {
  const problems = [];
  const report = {};
  const pages = [];
  const later = [];
  const browser = await launchChromium();
  const t = {
    browser,
    report,
    problems,
    fail: (what) => problems.push(what),
    later: (fn) => later.push(fn),
    pages: () => pages,
    async roomServer(web, args = []) {
      const server = await startRoomServer(web, args);
      later.push(server.stop);
      return server;
    },
    async page(who, contextOrOptions = {}) {
      const context = typeof contextOrOptions.newPage === 'function'
        ? contextOrOptions : await browser.newContext(contextOrOptions);
      const page = await context.newPage();
      Object.assign(page, watch(page, who, problems), { who });
      pages.push(page);
      return page;
    },
  };
  try {
    await body(t);
  } catch (e) {
    problems.push(String(e.stack || e));
    for (const p of pages.filter((p) => !p.isClosed())) {
      // Its last lines of any kind: a warning (a refusal, a lost connection) says why.
      const last = p.lines.slice(-6).map((l) => l.text.replace(/%c/g, '').replace(/ color: .*$/, ''));
      problems.push(`${p.who} last said:\n    ${last.join('\n    ')}`);
      await p.screenshot({ path: artifact(`${name}-failure-${p.who.replace(/\W+/g, '-')}.png`) }).catch(() => {});
    }
  } finally {
    await browser.close().catch(() => {});
    for (const fn of later.reverse()) await fn();
  }
  report.problems = problems;
  fs.writeFileSync(artifact(`${name}-report.json`), JSON.stringify(report, null, 2) + '\n');
  try {
    const line = summary(report);
    if (line) console.log(line);
  } catch (e) {
    problems.push(`the summary failed: ${e}`);
  }
  if (problems.length) {
    console.error(`${name} failed:\n  ` + problems.join('\n  '));
    process.exit(1);
  }
  process.exit(0);
}
