// The real-browser test: serves web/dist on localhost, opens it in Debian's headless Chromium
// (driven by playwright-core), checks the menu shows, plays a whole 4-CPU game at instant
// speed to the results, fails on any console error or panic, and checks that a browser without
// WebAssembly SIMD gets a plain message. Screenshots and a report (wasm size raw and gzipped,
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
  '.webmanifest': 'application/manifest+json',
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
  // Between the screenshots the page is small: the game is drawn in software, and a whole
  // game at 640x360 takes five minutes of this machine's two cores, at 200x125 well under one.
  await page.setViewportSize({ width: 200, height: 125 });
  report.game_over_ms = await over;
  await page.setViewportSize({ width: 640, height: 360 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(artifacts, 'web-results.png') });

  // The game saved itself in the browser's storage, as on the desktop's disk.
  const saved = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.endsWith('game.ron')).map((k) => localStorage.getItem(k)));
  if (saved.length !== 1 || !saved[0].includes('phase: over')) {
    failOn(`the finished game is not in local storage: ${JSON.stringify(saved).slice(0, 200)}`);
  }

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

const wasm = fs.readFileSync(path.join(dist, fs.readdirSync(dist).find((f) => /^ludo_bg-[0-9a-f]+\.wasm$/.test(f))));
report.wasm_bytes = wasm.length;
report.wasm_gzip_bytes = zlib.gzipSync(wasm, { level: 9 }).length;
report.problems = problems;
fs.writeFileSync(path.join(artifacts, 'web-report.json'), JSON.stringify(report, null, 2) + '\n');
console.log(
  `web test: wasm ${(report.wasm_bytes / 1e6).toFixed(2)} MB, ` +
  `${(report.wasm_gzip_bytes / 1e6).toFixed(2)} MB gzipped; first frame ` +
  `${report.menu_first_frame_ms} ms (menu), ${report.game_first_frame_ms} ms (game); ` +
  `game over after ${report.game_over_ms} ms`,
);
if (problems.length) {
  console.error('web test failed:\n  ' + problems.join('\n  '));
  process.exit(1);
}
