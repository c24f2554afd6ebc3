// The browser build served by the room server, as a friend's invite link opens it: the page
// behind /r/CODE, the wasm and its JS chosen precompressed by Accept-Encoding, the menu up, no
// console error. Writes artifacts/web-server-invite.png and web-server-report.json.
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, startRoomServer } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const artifacts = process.env.ARTIFACTS || path.join(here, '..', 'artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const { address, stop } = await startRoomServer(path.join(here, 'dist'));

const problems = [];
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => {
    if (!String(e).includes('Using exceptions for control flow')) problems.push(`page error: ${e}`);
  });
  const served = {};
  page.on('response', async (r) => {
    const h = await r.allHeaders();
    served[new URL(r.url()).pathname] = {
      status: r.status(), encoding: h['content-encoding'] || null,
      bytes: Number(h['content-length'] || 0), type: h['content-type'] || null,
    };
  });
  const started = Date.now();
  await page.goto(`${address}/r/K7X9PQTA`);
  await page.waitForSelector('#cover.hidden', { state: 'attached', timeout: 120000 });
  const menuMs = Date.now() - started;
  await page.waitForTimeout(2000);
  await page.screenshot({ path: path.join(artifacts, 'web-server-invite.png') });
  const wasm = served['/ludo_bg.wasm'];
  const js = served['/ludo.js'];
  if (served['/r/K7X9PQTA']?.status !== 200) problems.push('the invite page was not served');
  if (wasm?.encoding !== 'br' || wasm?.type !== 'application/wasm') {
    problems.push(`the wasm was not served as brotli application/wasm: ${JSON.stringify(wasm)}`);
  }
  if (js?.encoding !== 'br') problems.push(`ludo.js was not served as brotli: ${JSON.stringify(js)}`);
  const report = { address, menu_ms: menuMs, served };
  fs.writeFileSync(path.join(artifacts, 'web-server-report.json'), JSON.stringify(report, null, 2));
  console.log(`web server test: invite page to menu ${menuMs} ms; wasm ${(wasm.bytes / 1e6).toFixed(2)} MB on the wire (${wasm.encoding}), ludo.js ${(js.bytes / 1e3).toFixed(1)} kB`);
} finally {
  await browser.close();
  stop();
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
