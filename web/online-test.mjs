// Friends at one online table, in a real browser: the room server serves web/dist; page A
// (one browser context: one device) opens a table with two open seats and two CPUs; page B
// (another context: another device) opens its invite link and the full table starts. Each
// page plays its own seat with the keyboard (Space rolls, 1–4 pick a piece) to the results.
// Midway page B is closed — page A hears that the CPU plays for B — then B opens the invite
// link again and is back in its seat. Then a desktop game under Xvfb opens a table and a
// page joins it. Screenshots of each step in artifacts/online-*.png; fails on any console
// error. Everything stays on 127.0.0.1 and stops by itself.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const artifacts = process.env.ARTIFACTS || path.join(here, '..', 'artifacts');
const serverBin = process.env.LUDO_SERVER;
const gameBin = process.env.LUDO_GAME;
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(artifacts, { recursive: true });
if (!serverBin) throw new Error('LUDO_SERVER names the ludo-server binary');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ludo-web-online-'));
// CPUs move after 150 ms; an absent person's seat goes to the CPU after 1 s.
const server = spawn(serverBin, ['--addr', '127.0.0.1', '--port', '0', '--web', path.join(here, 'dist'),
  '--db', path.join(dir, 'server.sqlite'), '--cpu-pace-ms', '150', '--away-grace-ms', '1000'],
{ stdio: ['ignore', 'pipe', 'inherit'] });
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

const problems = [];
const report = { address };
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader',
    '--use-angle=swiftshader', '--ignore-gpu-blocklist'],
});

/** A page in a browser context of its own (a device), watching its console. */
async function open(context, name) {
  const page = await context.newPage();
  const seen = [];
  const waiting = [];
  page.on('console', (m) => {
    const text = m.text();
    if (m.type() === 'error') problems.push(`${name}: console error: ${text}`);
    seen.push(text);
    for (const w of [...waiting]) {
      const match = text.match(w.pattern);
      if (match) {
        waiting.splice(waiting.indexOf(w), 1);
        w.ok(match);
      }
    }
  });
  page.on('pageerror', (e) => {
    if (!String(e).includes('Using exceptions for control flow')) problems.push(`${name}: page error: ${e}`);
  });
  /** Resolves with the first console line matching `pattern` from now on. */
  page.line = (pattern, timeoutMs) => new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name}: no ${pattern} within ${timeoutMs} ms`)), timeoutMs);
    waiting.push({ pattern, ok: (m) => { clearTimeout(timer); ok(m); } });
  });
  page.seen = seen;
  return page;
}

/** Plays this page's seat as a person at the keyboard would, until stopped. */
function playByKeys(page) {
  let on = true;
  const done = (async () => {
    await page.click('#ludo-canvas', { position: { x: 2, y: 2 } }).catch(() => {});
    while (on) {
      for (const key of ['Space', 'Digit1', 'Digit2', 'Digit3', 'Digit4']) {
        if (!on) break;
        await page.keyboard.press(key).catch(() => {});
        await page.waitForTimeout(40).catch(() => {});
      }
    }
  })();
  return async () => { on = false; await done; };
}

const shot = (page, name) => page.screenshot({ path: path.join(artifacts, `online-${name}.png`) });
const viewport = { width: 800, height: 500 };
let desktop;
try {
  const deviceA = await browser.newContext({ viewport });
  const deviceB = await browser.newContext({ viewport });
  const a = await open(deviceA, 'A');
  // Ana opens a table: two open seats (hers and a friend's) and two CPUs.
  const room = a.line(/ludo: room (\w+)/, 120_000);
  await a.goto(`${address}/?create=open,open,cpu,cpu:hard&name=Ana&speed=fast`);
  const code = (await room)[1];
  report.code = code;
  await a.waitForTimeout(2000);
  await shot(a, 'lobby-a');

  // Budi opens the invite link on his own device: the table is full and starts.
  const b = await open(deviceB, 'B');
  const seatedB = b.line(/ludo: seated (\d)/, 120_000);
  await b.goto(`${address}/r/${code}?name=Budi&speed=fast`);
  const seatB = Number((await seatedB)[1]);
  if (seatB !== 1) problems.push(`Budi sat at seat ${seatB}, not 1`);
  await b.waitForTimeout(2000);
  await shot(b, 'joined-b');

  const overA = a.line(/ludo: game over/, 900_000);
  let stopA = playByKeys(a);
  let stopB = playByKeys(b);
  await a.waitForTimeout(15_000);
  await shot(a, 'playing-a');
  await shot(b, 'playing-b');

  // Budi closes the tab mid-game; Ana's page hears that the CPU plays his seat.
  const away = a.line(/ludo: CPU plays for seat 1/, 30_000);
  await stopB();
  await b.close();
  await away;
  await a.waitForTimeout(1000);
  await shot(a, 'away-a');

  // Budi opens the invite link again on the same device: back in his seat, same game.
  const b2 = await open(deviceB, 'B again');
  const back = b2.line(/ludo: seated (\d)/, 120_000);
  await b2.goto(`${address}/r/${code}?speed=fast`);
  const seatBack = Number((await back)[1]);
  if (seatBack !== seatB) problems.push(`Budi came back to seat ${seatBack}, not ${seatB}`);
  const overB = b2.line(/ludo: game over/, 900_000);
  stopB = playByKeys(b2);
  await b2.waitForTimeout(5000);
  await shot(b2, 'back-b');

  const started = Date.now();
  await Promise.all([overA, overB]);
  report.game_over_after_return_ms = Date.now() - started;
  await Promise.all([stopA(), stopB()]);
  await a.waitForTimeout(1500);
  await shot(a, 'results-a');
  await shot(b2, 'results-b');

  // A desktop game opens a table under Xvfb; a page joins it by its invite link.
  if (gameBin) {
    const c = await open(await browser.newContext({ viewport }), 'C');
    desktop = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x720x24', gameBin,
      '--server', `ws://${new URL(address).host}/ws`, '--create', 'open,open,cpu,cpu', '--name', 'Desk',
      '--speed', 'fast', '--screenshot', path.join(artifacts, 'online-desktop.png'), '--frames', '90'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
    const desktopRoom = await new Promise((ok, fail) => {
      let text = '';
      const look = (d) => {
        text += d;
        const m = text.match(/ludo: room (\w+)/);
        if (m) ok(m[1]);
      };
      desktop.stdout.on('data', look);
      desktop.stderr.on('data', look);
      desktop.on('exit', (code) => fail(new Error(`the desktop game exited (${code}) before opening a table`)));
      setTimeout(() => fail(new Error('the desktop game opened no table in 120 s')), 120_000);
    });
    const seatedC = c.line(/ludo: seated (\d)/, 120_000);
    await c.goto(`${address}/r/${desktopRoom}?name=Cleo&speed=fast`);
    await seatedC;
    const desktopDone = new Promise((ok) => desktop.on('exit', ok));
    await c.waitForTimeout(5000);
    await shot(c, 'with-desktop-c');
    const exit = await Promise.race([desktopDone, new Promise((ok) => setTimeout(() => ok('timeout'), 180_000))]);
    if (exit !== 0) problems.push(`the desktop game's screenshot run ended with ${exit}`);
  } else {
    problems.push('LUDO_GAME names the desktop game binary (make test sets it)');
  }
} catch (e) {
  problems.push(String(e));
} finally {
  if (desktop && desktop.exitCode === null) desktop.kill();
  await browser.close();
  server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
report.problems = problems;
fs.writeFileSync(path.join(artifacts, 'online-report.json'), JSON.stringify(report, null, 2) + '\n');
if (problems.length) {
  console.error('online browser test failed:\n  ' + problems.join('\n  '));
  process.exit(1);
}
console.log(`online browser test: two devices played room ${report.code} to the results; ` +
  `one left mid-game and came back to its seat; a desktop game and a page shared a table`);
