// What the browser tests share: Debian's Chromium in software rendering, and a room server
// of the test's own on 127.0.0.1 with a scratch database.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
