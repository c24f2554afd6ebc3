// The real-browser test: serves web/dist on localhost, opens it in Debian's headless Chromium
// (driven by playwright-core), checks the menu shows, plays a whole 4-CPU game at instant
// speed to the results, plays a game on a phone held upright (touch, three device pixels to
// one) by tapping the die and the pieces, fails on any console error or panic, and checks
// that a browser without WebAssembly SIMD gets a plain message. Screenshots and a report (wasm size raw and gzipped,
// time from navigation to the first frame) go to artifacts/.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(here, 'dist');
const artifacts = process.env.ARTIFACTS || path.join(here, '..', 'artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.ron': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  let file = path.normalize(path.join(dist, decodeURIComponent(url.pathname)));
  if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  const body = fs.readFileSync(file);
  res.writeHead(200, {
    'Content-Type': types[path.extname(file)] || 'application/octet-stream',
    'Content-Length': body.length,
  });
  res.end(body);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await launchChromium();

const problems = [];
const failOn = (what) => problems.push(what);
// A phone held sideways: the size a person alone against three CPUs often plays at.
const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
const waiting = [];
page.on('console', (m) => {
  const text = m.text();
  if (m.type() === 'error') failOn(`console error: ${text}`);
  for (const w of waiting) if (text.includes(w.line)) w.seen();
});
page.on('pageerror', (e) => {
  // Bevy's event loop hands control back to the browser by throwing this on purpose.
  if (!String(e).includes('Using exceptions for control flow')) failOn(`page error: ${e}`);
});

/** Resolves with the milliseconds until `line` appears in the console. */
function consoleLine(line, timeoutMs) {
  const started = Date.now();
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no "${line}" within ${timeoutMs} ms`)), timeoutMs);
    waiting.push({ line, seen: () => { clearTimeout(timer); ok(Date.now() - started); } });
  });
}

/** The point of `points` (each move's piece and landing dot) farthest from other moves'. */
function clearest(moves) {
  let best = null;
  moves.forEach((points, i) => {
    for (const [x, y] of points) {
      let room = Infinity;
      moves.forEach((other, j) => {
        if (j !== i) for (const [u, v] of other) room = Math.min(room, Math.hypot(x - u, y - v));
      });
      if (!best || room > best.room) best = { x, y, room };
    }
  });
  return best;
}

/**
 * A phone held upright (390x844 CSS pixels, device scale 3, touch): one person against three
 * CPUs at instant speed, to the results, only by tapping where the game says the die and
 * the pieces are (its console's `ludo: tap` lines); a tap that could mean two pieces is
 * answered on the game's own question ("ludo: tap which").
 */
async function playOnPhone(report) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
  });
  const phone = await context.newPage();
  let latest = null;
  let over = false;
  phone.on('console', (m) => {
    const text = m.text();
    if (m.type() === 'error') failOn(`phone: console error: ${text}`);
    if (text.includes('ludo: tap ')) latest = text.slice(text.indexOf('ludo: tap ') + 10);
    if (text.includes('ludo: game over')) over = true;
  });
  phone.on('pageerror', (e) => {
    if (!String(e).includes('Using exceptions for control flow')) failOn(`phone: page error: ${e}`);
  });
  const started = Date.now();
  await phone.goto(base + '?seats=person:Ana,cpu,cpu:hard,cpu&speed=instant&seed=5&lang=en');
  const counts = { die: 0, piece: 0, which: 0, again: 0 };
  let shot = false;
  let last = null;
  let since = Date.now();
  while (!over) {
    if (Date.now() - started > 480_000) throw new Error(`phone: no game over in 480 s (${JSON.stringify(counts)})`);
    const line = latest;
    // A tap that changed nothing: the same line stands; tap again after a while.
    if (!line || (line === last && Date.now() - since < 3000)) {
      await phone.waitForTimeout(50);
      continue;
    }
    if (line === last) counts.again += 1;
    if (counts.again > 20) throw new Error(`phone: taps do not land: ${line}`);
    last = line;
    since = Date.now();
    // "N die X,Y", "N move X,Y X,Y; …" (N: events so far), "- which X,Y".
    const [, kind] = line.split(' ');
    const rest = line.split(' ').slice(2).join(' ');
    const point = (s) => s.trim().split(',').map(Number);
    let x;
    let y;
    if (kind === 'move') {
      const moves = rest.split(';').map((m) => m.trim().split(' ').filter(Boolean).map(point));
      ({ x, y } = clearest(moves));
      counts.piece += 1;
    } else {
      [x, y] = point(rest);
      counts[kind === 'die' ? 'die' : 'which'] += 1;
    }
    await phone.touchscreen.tap(x, y);
    if (!shot && counts.piece === 12) {
      await phone.screenshot({ path: path.join(artifacts, 'web-phone-playing.png') });
      shot = true;
    }
  }
  report.phone_game_ms = Date.now() - started;
  report.phone_taps = counts;
  await phone.waitForTimeout(1500);
  await phone.screenshot({ path: path.join(artifacts, 'web-phone-results.png') });
  if (counts.die < 5 || counts.piece < 5) failOn(`phone: too few taps played: ${JSON.stringify(counts)}`);
  await context.close();
}

const report = {};
try {
  // The menu.
  let frame = consoleLine('ludo: first frame', 60_000);
  // In Arabic: the translation, its font and right-to-left text come over HTTP too.
  await page.goto(base + '?open=menu&lang=ar');
  report.menu_first_frame_ms = await frame;
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(artifacts, 'web-menu.png') });

  // A 4-CPU game at the fastest speed, to the results, in the night theme (its pictures,
  // sounds and font come over HTTP like any asset; a missing or undecodable one is a console
  // error).
  frame = consoleLine('ludo: first frame', 60_000);
  const themed = consoleLine('theme "Night"', 60_000);
  const over = consoleLine('ludo: game over', 600_000);
  // With a tracking tag, as a link shared on social media arrives.
  await page.goto(base + '?seats=cpu,cpu:hard,cpu:easy,cpu&speed=instant&seed=3&theme=night&fbclid=test');
  report.game_first_frame_ms = await frame;
  report.night_theme_ms = await themed;
  await page.waitForTimeout(4000);
  await page.screenshot({ path: path.join(artifacts, 'web-playing.png') });
  report.game_over_ms = await over;
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(artifacts, 'web-results.png') });

  // The game saved itself in the browser's storage, as on the desktop's disk.
  const saved = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.endsWith('game.ron')).map((k) => localStorage.getItem(k)));
  if (saved.length !== 1 || !saved[0].includes('phase: over')) {
    failOn(`the finished game is not in local storage: ${JSON.stringify(saved).slice(0, 200)}`);
  }

  await playOnPhone(report);

  // A browser without WebAssembly SIMD (the game is built with it) is told so, in words.
  const noSimd = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await noSimd.addInitScript(() => { WebAssembly.validate = () => false; });
  await noSimd.goto(base + '?open=menu');
  await noSimd.waitForSelector('#cover.failed', { timeout: 10_000 });
  const said = await noSimd.textContent('#status');
  if (!said.includes('WebAssembly SIMD')) failOn(`without SIMD the page says: ${said}`);
  await noSimd.screenshot({ path: path.join(artifacts, 'web-no-simd.png') });
} catch (e) {
  failOn(String(e));
  await page.screenshot({ path: path.join(artifacts, 'web-failure.png') }).catch(() => {});
} finally {
  await browser.close();
  server.close();
}

const wasm = fs.readFileSync(path.join(dist, 'ludo_bg.wasm'));
report.wasm_bytes = wasm.length;
report.wasm_gzip_bytes = zlib.gzipSync(wasm, { level: 9 }).length;
report.problems = problems;
fs.writeFileSync(path.join(artifacts, 'web-report.json'), JSON.stringify(report, null, 2) + '\n');
console.log(
  `web test: wasm ${(report.wasm_bytes / 1e6).toFixed(2)} MB, ` +
  `${(report.wasm_gzip_bytes / 1e6).toFixed(2)} MB gzipped; first frame ` +
  `${report.menu_first_frame_ms} ms (menu), ${report.game_first_frame_ms} ms (game); ` +
  `game over after ${report.game_over_ms} ms; a phone game by touch in ${report.phone_game_ms} ms ` +
  `(${JSON.stringify(report.phone_taps)})`,
);
if (problems.length) {
  console.error('web test failed:\n  ' + problems.join('\n  '));
  process.exit(1);
}
