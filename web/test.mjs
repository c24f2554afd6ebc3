// The real-browser test: serves web/dist on localhost, opens it in Debian's headless Chromium
// (driven by playwright-core), checks the menu shows, plays a whole 4-CPU game at instant
// speed to the results (and another in Arabic), each analysed for luck and skill (the time it
// took is reported), checks that the page's live region told each
// of the engine's events as a sentence, in order, fails on any console error or panic, draws
// frame strips of a roll, a move, a capture and a goal (web-strip-KIND.png), and checks that a browser without
// WebAssembly SIMD gets a plain message. Screenshots and a report (wasm size raw and gzipped,
// time from navigation to the first frame) go to artifacts/.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { artifact, run } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(here, 'dist');

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

// Each check that fails is written down here (the runner's `fail`).
let failOn;

/** Every sentence the game puts in the page's live region, as a screen reader gets them,
    kept in `window.said`. */
const listenToLiveRegion = (page) => page.addInitScript(() => {
  window.said = [];
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver((changes) => {
      for (const c of changes) {
        for (const node of c.addedNodes) {
          if (node.nodeType === 1) window.said.push({ event: node.dataset.event ?? null, text: node.textContent });
        }
      }
    }).observe(document.getElementById('said'), { childList: true });
  });
});

/** Plays a game by the keyboard: the person's turns as the game tells them. */
async function keyboardGame(page) {
  const started = Date.now();
  const from = page.signals.length;
  // What the game asks of the person: a roll, or a move among so many.
  const asking = () => page.signals.slice(from).filter((s) => s.signal === 'tap_die' || s.signal === 'tap_move');
  const frame = consoleLine(page, 'first_frame', 60_000);
  const setup = consoleLine(page, 'opened', 60_000, (s) => s.window === 'Setup');
  const over = consoleLine(page, 'game_over', 400_000);
  await page.goto(base + '?open=menu&seats=person:Kai,cpu:easy&speed=instant&seed=11&lang=en');
  await frame;
  await page.waitForTimeout(500);
  // The menu's focused button, as a screen reader hears it.
  const menuSaid = await page.evaluate(() => window.said.map((s) => s.text.replace(/[\u2066-\u2069]/g, '')));
  if (!menuSaid.includes('New table, button')) throw new Error(`the menu's focus is not said: ${JSON.stringify(menuSaid)}`);
  await page.keyboard.press('Enter');
  await setup;
  await page.waitForTimeout(500);
  await page.keyboard.press('Enter');
  // Drawn small while it plays (software rendering), as the CPU game is.
  await page.setViewportSize({ width: 200, height: 125 });
  let done = false;
  over.then(() => { done = true; });
  const result = { rolls: 0, choices: 0 };
  let seen = 0;
  while (!done) {
    if (Date.now() - started > 390_000) throw new Error('the keyboard game did not end in 390 s');
    const asked = asking();
    if (asked.length === seen) {
      await page.waitForTimeout(50);
      continue;
    }
    const next = asked[asked.length - 1];
    seen = asked.length;
    if (next.signal === 'tap_die') {
      await page.keyboard.press('Space');
      result.rolls += 1;
    } else {
      // What the live region offered, as a screen reader would have said it.
      const offer = await page.evaluate(() => window.said.map((s) => s.text).filter((t) => t.startsWith('Moves to choose from')).pop());
      const count = Number(offer?.match(/1 to (\d+)/)?.[1]);
      if (count !== next.moves.length) {
        const last = await page.evaluate(() => window.said.slice(-8).map((s) => s.text));
        throw new Error(`the live region offers ${count} moves ("${offer}"), the board ${next.moves.length}; it last said ${JSON.stringify(last)}; asked ${JSON.stringify(asked.slice(-4))}`);
      }
      await page.keyboard.press(String(count));
      result.choices += 1;
    }
  }
  await page.setViewportSize({ width: 640, height: 360 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: artifact('web-keyboard-results.png') });
  result.ms = Date.now() - started;
  return result;
}

// The engine's events each a sentence of the live region, in their order, in `lang`'s
// words: the seats by their colours, the numbers rolled, the pieces moved, the places.
const TOLD = ['roll_off', 'rolled', 'first_player', 'no_legal_move', 'entered', 'moved',
  'captured', 'reached_goal', 'extra_roll', 'three_sixes', 'seat_finished'];
async function checkLiveRegion(page, lang, events) {
  const said = await page.evaluate(() => window.said);
  const ftl = fs.readFileSync(path.join(here, '..', 'assets', 'lang', `${lang}.ftl`), 'utf8');
  const colour = ['yellow', 'blue', 'red', 'green', 'purple', 'orange'].map((c) => ftl.match(new RegExp(`^colour-${c} = (.*)$`, 'm'))[1].trim());
  const expected = events.filter((e) => TOLD.includes(e.event.event));
  const told = said.filter((s) => s.event !== null);
  const result = { lang, events: events.length, told_events: expected.length, sentences: said.length, event_sentences: told.length };
  if (events.length === 0 || events.some((e, i) => e.n !== i)) failOn(`${lang}: the engine's events are not numbered 0, 1, 2…`);
  if (told.length !== expected.length) failOn(`${lang}: ${expected.length} events to tell, ${told.length} sentences of events`);
  for (let i = 0; i < Math.min(told.length, expected.length); i++) {
    const { n, event } = expected[i];
    const text = told[i].text.replace(/[\u2066-\u2069]/g, '');
    const want = [];
    if ('seat' in event) want.push(colour[event.seat]);
    if ('by' in event) want.push(colour[event.by]);
    if (event.event === 'rolled' || event.event === 'roll_off') want.push(String(event.value));
    if (event.event === 'moved' || event.event === 'entered') want.push(String(event.piece + 1));
    if (event.event === 'seat_finished') want.push(String(event.place));
    const missing = want.filter((w) => !text.toLowerCase().includes(w.toLowerCase()));
    if (Number(told[i].event) !== n || missing.length) {
      failOn(`${lang}: sentence ${i} "${text}" (for event ${told[i].event}) does not tell event ${n} ${JSON.stringify(event)} (lacks ${missing.join(', ')})`);
      break;
    }
  }
  result.example = told.slice(0, 6).map((s) => s.text);
  return result;
}
/** Resolves with the milliseconds until the page's next `kind` signal (for which `test` holds). */
function consoleLine(page, kind, timeoutMs, test) {
  const started = Date.now();
  return page.next(kind, timeoutMs, test).then((s) => s.time - started);
}

/** The engine's events the page told since its `from`th signal, numbered. */
const eventsSince = (page, from) => page.signals.slice(from).filter((s) => s.signal === 'event');

await run('web', async (t) => {
  const { report } = t;
  failOn = t.fail;
  t.later(() => server.close());
  const wasm = fs.readFileSync(path.join(dist, fs.readdirSync(dist).find((f) => /^ludo_bg-[0-9a-f]+\.wasm$/.test(f))));
  report.wasm_bytes = wasm.length;
  report.wasm_gzip_bytes = zlib.gzipSync(wasm, { level: 9 }).length;
  // A phone held sideways: the size a person alone against three CPUs often plays at.
  const page = await t.page('page', { viewport: { width: 640, height: 360 } });
  await listenToLiveRegion(page);
  // The menu.
  let frame = consoleLine(page, 'first_frame', 60_000);
  // In Arabic: the translation, its font and right-to-left text come over HTTP too.
  await page.goto(base + '?open=menu&lang=ar');
  report.menu_first_frame_ms = await frame;
  await page.waitForTimeout(1500);
  await page.screenshot({ path: artifact('web-menu.png') });

  // A 4-CPU game at the fastest speed, to the results, in the night theme (its pictures,
  // sounds and font come over HTTP like any asset; a missing or undecodable one is a console
  // error).
  frame = consoleLine(page, 'first_frame', 60_000);
  const theming = Date.now();
  const themed = page.nextLine('theme "Night"', 60_000).then((l) => l.at - theming);
  const over = consoleLine(page, 'game_over', 600_000);
  // With a tracking tag, as a link shared on social media arrives.
  let from = page.signals.length;
  await page.goto(base + '?seats=cpu,cpu:hard,cpu:easy,cpu&speed=instant&seed=3&theme=night&print-events&fbclid=test');
  report.game_first_frame_ms = await frame;
  report.night_theme_ms = await themed;
  await page.waitForTimeout(4000);
  await page.screenshot({ path: artifact('web-playing.png') });
  // Between the screenshots the page is small: the game is drawn in software, and a whole
  // game at 640x360 takes five minutes of this machine's two cores, at 200x125 well under one.
  await page.setViewportSize({ width: 200, height: 125 });
  report.game_over_ms = await over;
  // Luck or skill: the finished game analysed in the browser, its network fetched first.
  const analysed = await page.seen('analysed', 60_000);
  report.analysis = { throws: analysed.throws, decisions: analysed.decisions, ms: analysed.micros / 1000, frames: analysed.frames };
  if (analysed.throws < 100 || analysed.decisions < 10) failOn(`the analysis saw ${JSON.stringify(report.analysis)}`);
  await page.setViewportSize({ width: 640, height: 360 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: artifact('web-results.png') });
  report.live_region = [await checkLiveRegion(page, 'en', eventsSince(page, from))];

  // The same in Arabic, read right to left, at six seats on the radial board: a 6-CPU game,
  // drawn small, and its results.
  from = page.signals.length;
  const overAr = consoleLine(page, 'game_over', 600_000);
  const analysedAr = page.next('analysed', 600_000);
  await page.setViewportSize({ width: 200, height: 125 });
  await page.goto(base + '?seats=cpu,cpu,cpu:hard,cpu:easy,cpu,cpu&speed=instant&seed=8&lang=ar&print-events');
  report.six_seats_over_ms = await overAr;
  const six = await analysedAr;
  report.six_seats_analysis = { throws: six.throws, decisions: six.decisions, ms: six.micros / 1000, frames: six.frames };
  // The page never stands still while it analyses: the work is spread over frames, a slice
  // of about 8 ms each (one throw more may run past it).
  for (const a of [report.analysis, report.six_seats_analysis]) {
    if (!(a.frames >= 1) || a.ms / a.frames > 40) failOn(`the analysis took ${a.ms} ms over ${a.frames} frames`);
  }
  report.live_region.push(await checkLiveRegion(page, 'ar', eventsSince(page, from)));
  await page.setViewportSize({ width: 640, height: 360 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: artifact('web-six-results.png') });

  // By the keyboard alone, from the menu to the results, a person against a CPU: Enter on
  // New table, Enter on Start, then Space whenever the game asks for a roll and, when the
  // live region offers moves to choose from, the number of the last one.
  report.keyboard = await keyboardGame(page);

  // The game saved itself in the browser's storage, as on the desktop's disk.
  const saved = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.endsWith('game.ron')).map((k) => localStorage.getItem(k)));
  if (saved.length !== 1 || !saved[0].includes('phase: over')) {
    failOn(`the finished game is not in local storage: ${JSON.stringify(saved).slice(0, 200)}`);
  }

  // Frame strips of a roll, a move, a capture and a piece reaching the goal, drawn by the
  // browser (the game lays out ten frames and downloads the PNG): web-strip-KIND.png.
  report.strips = {};
  for (const kind of ['roll', 'move', 'capture', 'goal']) {
    const strip = await t.page(`strip ${kind}`, { viewport: { width: 960, height: 540 }, acceptDownloads: true });
    const started = Date.now();
    const download = strip.waitForEvent('download', { timeout: 180_000 });
    await strip.goto(base + `?seats=person,person,person,person&seed=3&strip=${kind}`);
    const file = artifact(`web-strip-${kind}.png`);
    await (await download).saveAs(file);
    report.strips[kind] = { bytes: fs.statSync(file).size, ms: Date.now() - started };
    await strip.context().close();
  }

  // A browser without WebAssembly SIMD (the game is built with it) is told so, in words.
  const noSimd = await t.browser.newPage({ viewport: { width: 640, height: 360 } });
  await noSimd.addInitScript(() => { WebAssembly.validate = () => false; });
  await noSimd.goto(base + '?open=menu');
  await noSimd.waitForSelector('#cover.failed', { timeout: 10_000 });
  const said = await noSimd.textContent('#status');
  if (!said.includes('WebAssembly SIMD')) failOn(`without SIMD the page says: ${said}`);
  await noSimd.screenshot({ path: artifact('web-no-simd.png') });
}, (report) => `web test: wasm ${(report.wasm_bytes / 1e6).toFixed(2)} MB, ` +
  `${(report.wasm_gzip_bytes / 1e6).toFixed(2)} MB gzipped; first frame ` +
  `${report.menu_first_frame_ms} ms (menu), ${report.game_first_frame_ms} ms (game); ` +
  `game over after ${report.game_over_ms} ms; analysed in ${report.analysis?.ms} ms ` +
  `over ${report.analysis?.frames} frames (${report.analysis?.throws} throws; six seats ` +
  `${report.six_seats_analysis?.ms} ms over ${report.six_seats_analysis?.frames} frames)`);
