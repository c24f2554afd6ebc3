// The browser build served by the room server, as a player meets it:
// - a friend's invite link (/r/CODE) opens the page; the wasm and the glue come under
//   content-hashed names, precompressed by Accept-Encoding, kept for a year, the page
//   revalidated;
// - the bytes on the wire for everything the first menu needs, from the browser's network log,
//   within the budget;
// - the time from navigation to the first frame and to the menu taking a click, on loopback and
//   on a slow phone connection (Chromium's throttling: 10 Mbit/s down, 40 ms round trip);
// - installable (Chromium's own installability check) and, once visited, a whole game against
//   CPUs with the network off.
// Writes artifacts/web-server-*.png and web-server-report.json; fails on any console error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, SLOW_NETWORK, artifact, network, run } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

// Everything the first menu needs, compressed, on the wire. The target is 2.5 MB, below what
// this stack's smallest program weighs (docs/PERFORMANCE.md); this budget is today's figure
// with a little room, so that the download does not grow unnoticed.
const MENU_BUDGET_BYTES = Number(process.env.MENU_BUDGET_BYTES || 3_480_000);

/** A page in a fresh context (a device on its first visit), with its console watched and
    every response's wire size (headers and body) counted through the DevTools protocol. */
async function visit(t, name, { conditions = null, viewport = { width: 800, height: 500 } } = {}) {
  const page = await t.page(name, { viewport });
  const cdp = await network(page.context(), page, conditions);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    requests.set(requestId, {
      path: new URL(response.url).pathname, status: response.status,
      encoding: response.headers['content-encoding'] || response.headers['Content-Encoding'] || null,
      type: response.mimeType, cache: response.headers['cache-control'] || null, bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) r.bytes = encodedDataLength;
  });
  return { page, requests };
}

/** Navigation to the menu's first frame, and to the menu answering a click (on New table,
    where the game's console says it is, else a third of the way down; a press held for
    50 ms), in milliseconds, and how many clicks were sent until then. */
async function toMenu({ page }, url, { at = (i) => 0.33 + 0.01 * (i % 4), opens = 'Setup' } = {}) {
  const started = Date.now();
  await page.goto(url);
  const firstFrame = (await page.seen('first_frame', 180_000)).time - started;
  const { width, height } = page.viewportSize();
  const clicking = Date.now();
  let answered;
  let clicks = 0;
  let said;
  for (let i = 0; !answered && i < 300; i++, clicks++) {
    // Where the game says New table is, once it has drawn it; until then, where it sits.
    said = page.last('tap', (s) => s.what === 'new-table');
    const [x, y] = said ? said.at : [width / 2, height * at(i)];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(50);
    await page.mouse.up();
    await page.waitForTimeout(30);
    answered = page.last('opened', (s) => s.time >= clicking && s.window !== 'None');
  }
  if (!answered) {
    const where = said ? `at [${said.at}], where the game said New table is` : 'where New table sits (the game never said)';
    throw new Error(`the menu never answered ${clicks} clicks ${where}, in a ${width}x${height} page`);
  }
  const { window } = answered;
  if (opens && window !== opens) throw new Error(`a click on New table opened ${window}`);
  // Clicks go on until the answer shows, a frame or two after the click that made it.
  return { first_frame_ms: firstFrame, click_ms: answered.time - started, clicks_sent: clicks, window };
}

await run('web-server', async (t) => {
  const { report } = t;
  const { address } = await t.roomServer(path.join(here, 'dist'));
  Object.assign(report, { address, budget_bytes: MENU_BUDGET_BYTES });
  // A first visit on loopback: the menu, and its bytes on the wire.
  const first = await visit(t, 'first');
  report.loopback = await toMenu(first, `${address}/`);
  await first.page.keyboard.press('Escape');
  await first.page.waitForTimeout(500);
  await first.page.screenshot({ path: artifact('web-server-menu.png') });
  // Everything fetched up to the menu answering a click (the offline copy starts after it).
  report.menu_files = [...first.requests.values()];
  report.menu_wire_bytes = report.menu_files.reduce((sum, r) => sum + r.bytes, 0);
  if (report.menu_wire_bytes > MENU_BUDGET_BYTES) {
    t.fail(`the first menu takes ${report.menu_wire_bytes} bytes on the wire, over the budget of ${MENU_BUDGET_BYTES}`);
  }
  // The music waits for a table: a first visit's menu never fetches it.
  const music = report.menu_files.filter((r) => /\/music\.(ogg|wav)$/.test(r.path));
  if (music.length) t.fail(`the first menu fetched the music (${music.map((r) => r.path).join(', ')})`);
  await first.page.context().close();

  // A friend's invite link: the headers a browser gets.
  const invite = await visit(t, 'invite');
  await invite.page.goto(`${address}/r/K7X9PQTA`);
  await invite.page.seen('first_frame', 60_000);
  await invite.page.waitForTimeout(1000);
  await invite.page.screenshot({ path: artifact('web-server-invite.png') });
  const served = [...invite.requests.values()];
  const page = served.find((r) => r.path === '/r/K7X9PQTA');
  const wasm = served.find((r) => /^\/ludo_bg-[0-9a-f]{16}\.wasm$/.test(r.path));
  const glue = served.find((r) => /^\/ludo-[0-9a-f]{16}\.js$/.test(r.path));
  report.invite = { page, wasm, glue };
  if (page?.status !== 200 || page.cache !== 'no-cache') t.fail(`the invite page: ${JSON.stringify(page)}`);
  for (const [what, r] of [['wasm', wasm], ['glue', glue]]) {
    if (r?.encoding !== 'br' || !r.cache?.includes('immutable')) {
      t.fail(`the ${what} is not served as hashed brotli kept for a year: ${JSON.stringify(r)}`);
    }
  }
  if (wasm && wasm.type !== 'application/wasm') t.fail(`the wasm's type is ${wasm.type}`);
  await invite.page.context().close();

  // Chromium's own check that a phone can add the game to its home screen, in a profile on
  // disk (a throwaway context is off the record, and those never install).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ludo-install-'));
  const installed = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, args: CHROMIUM_ARGS, viewport: { width: 800, height: 500 },
  });
  try {
    const tab = installed.pages()[0] || await installed.newPage();
    await tab.goto(`${address}/`);
    await tab.waitForFunction(() => document.getElementById('cover').classList.contains('hidden'), null, { timeout: 60_000 });
    await tab.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await installed.newCDPSession(tab);
    report.installability_errors = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
    report.manifest = (await cdp.send('Page.getAppManifest')).url;
    if (report.installability_errors.length) t.fail(`not installable: ${JSON.stringify(report.installability_errors)}`);
  } finally {
    await installed.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }

  // A phone's connection: a new device, nothing cached.
  const slow = await visit(t, 'slow', { conditions: SLOW_NETWORK });
  report.slow = await toMenu(slow, `${address}/`);
  await slow.page.context().close();

  // Played offline: a device that has opened the game once, its network gone.
  // (Small, two seats: a whole game drawn in software takes a while.)
  const device = await visit(t, 'offline', { viewport: { width: 480, height: 300 } });
  // At 480x300 the menu's buttons sit elsewhere: any window opened will do.
  await toMenu(device, `${address}/`, { at: (i) => 0.36 + 0.02 * (i % 4), opens: null });
  const stored = await device.page.evaluate(async () => {
    const worker = await navigator.serviceWorker.ready;
    for (let i = 0; i < 600 && worker.active?.state !== 'activated'; i++) await new Promise((r) => setTimeout(r, 100));
    return (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).length)))
      .reduce((a, b) => a + b, 0);
  });
  report.offline_files = stored;
  await device.page.context().setOffline(true);
  const started = Date.now();
  await device.page.goto(`${address}/?seats=cpu:hard,cpu&speed=instant&seed=5`);
  await device.page.seen('game_over', 600_000);
  report.offline_game_ms = Date.now() - started;
  await device.page.waitForTimeout(1000);
  await device.page.screenshot({ path: artifact('web-server-offline.png') });
  await device.page.context().close();
}, (report) => {
  const s = (ms) => (ms / 1000).toFixed(1);
  return `web server test: first menu ${(report.menu_wire_bytes / 1e6).toFixed(2)} MB on the wire ` +
    `(budget ${(MENU_BUDGET_BYTES / 1e6).toFixed(2)} MB); first frame ${s(report.loopback?.first_frame_ms)} s, ` +
    `click ${s(report.loopback?.click_ms)} s on loopback; ${s(report.slow?.first_frame_ms)} s and ` +
    `${s(report.slow?.click_ms)} s at 10 Mbit/s and 40 ms; offline game (${report.offline_files} files kept) over in ${s(report.offline_game_ms)} s`;
});
