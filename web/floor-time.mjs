// How long a first visit waits for the menu to answer a click: the game (web/dist) beside the
// smallest program on its stack (web/floor, examples/size_floor.rs: a window, a sprite, an egui
// button and a sound), both served by the room server, on loopback and at 10 Mbit/s with a
// 40 ms round trip (Chromium's throttling, as web/server-test.mjs). What the floor takes is what
// any game on this stack takes here, before a byte or a frame of its own.
// Writes artifacts/web-floor-time.json; ROUNDS= visits of each kind (3).
import fs from 'node:fs';
import path from 'node:path';
import { SLOW_NETWORK, artifact, launchChromium, network, startRoomServer, watch } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const ROUNDS = Number(process.env.ROUNDS || 3);

// The game answers a click on New table (the middle of the window, a third of the way down)
// by opening Setup, logged the frame after; the floor answers its button (egui's first window,
// top left; the floor has no font, so the button shows no word) in the same frame.
const KINDS = {
  game: { dir: path.join(here, 'dist'), at: (i) => [400, 500 * (0.33 + 0.01 * (i % 4))], answer: 'ludo: opened Setup' },
  floor: { dir: path.join(here, 'floor'), at: () => [26, 44], answer: 'rolled' },
};
const servers = {};
for (const [kind, { dir }] of Object.entries(KINDS)) servers[kind] = await startRoomServer(dir);
const browser = await launchChromium();

/** A first visit: navigation to the first click answered, and the bytes on the wire until then. */
async function visit(kind, conditions) {
  const { at, answer } = KINDS[kind];
  const context = await browser.newContext({ viewport: { width: 800, height: 500 } });
  const page = await context.newPage();
  // Timing only: a console error here is the other tests' to catch.
  const { lines } = watch(page, kind, []);
  const cdp = await network(context, page, conditions);
  let bytes = 0;
  cdp.on('Network.loadingFinished', ({ encodedDataLength }) => { bytes += encodedDataLength; });
  const started = Date.now();
  await page.goto(`${servers[kind].address}/`);
  let answered;
  for (let i = 0; !answered && i < 1000; i++) {
    // The game says where New table is once it has drawn it (the floor program does not).
    const said = lines.map((l) => l.text.match(/ludo: tap - new-table (\d+),(\d+)/)).findLast(Boolean);
    const [x, y] = said ? [Number(said[1]), Number(said[2])] : at(i);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(50);
    await page.mouse.up();
    await page.waitForTimeout(30);
    answered = lines.find((l) => l.text.includes(answer));
  }
  await context.close();
  if (!answered) throw new Error(`${kind}: no "${answer}" after 1000 clicks`);
  return { click_ms: answered.at - started, wire_bytes: bytes };
}

const report = { rounds: ROUNDS, visits: [] };
try {
  // Each kind in turn, so that both meet the machine as it is at the moment.
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of Object.keys(KINDS)) {
      for (const slow of [false, true]) {
        const v = { kind, slow, ...(await visit(kind, slow ? SLOW_NETWORK : null)) };
        console.log(JSON.stringify(v));
        report.visits.push(v);
      }
    }
  }
} finally {
  await browser.close();
  for (const s of Object.values(servers)) s.stop();
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const kind of Object.keys(KINDS)) {
  for (const slow of [false, true]) {
    const vs = report.visits.filter((v) => v.kind === kind && v.slow === slow);
    const s = (ms) => (ms / 1000).toFixed(2);
    const clicks = vs.map((v) => v.click_ms);
    console.log(`${kind.padEnd(5)} ${slow ? '10 Mbit/s' : 'loopback '}: click answered at ${clicks.map(s).join(', ')} s ` +
      `(median ${s(median([...clicks]))} s), ${(vs[0].wire_bytes / 1e6).toFixed(2)} MB on the wire`);
  }
}
fs.writeFileSync(artifact('web-floor-time.json'), JSON.stringify(report, null, 2));
