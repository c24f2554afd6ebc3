// How long a first visit waits for the menu to answer a click: the game (web/dist) beside the
// smallest program on its stack (web/floor, examples/size_floor.rs: a window, a sprite, an egui
// button and a sound), both served by the room server, on loopback and at 10 Mbit/s with a
// 40 ms round trip (Chromium's throttling, as web/server-test.mjs). What the floor takes is what
// any game on this stack takes here, before a byte or a frame of its own.
// Writes artifacts/web-floor-time-report.json; ROUNDS= visits of each kind (3).
import fs from 'node:fs';
import path from 'node:path';
import { SLOW_NETWORK, network, run, watch } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const ROUNDS = Number(process.env.ROUNDS || 3);

// The game answers a click on New table (the middle of the window, a third of the way down)
// by opening Setup, told the frame after; the floor answers its button (egui's first window,
// top left; the floor has no font, so the button shows no word) with a line in the same frame.
const KINDS = {
  game: {
    dir: path.join(here, 'dist'), at: (i) => [400, 500 * (0.33 + 0.01 * (i % 4))],
    answered: (w) => w.last('opened', (s) => s.window === 'Setup'),
  },
  floor: {
    dir: path.join(here, 'floor'), at: () => [26, 44],
    answered: (w) => w.lines.find((l) => l.text.includes('rolled')),
  },
};

/** A first visit: navigation to the first click answered, and the bytes on the wire until then. */
async function visit(t, servers, kind, conditions) {
  const { at, answered: answer } = KINDS[kind];
  const context = await t.browser.newContext({ viewport: { width: 800, height: 500 } });
  const page = await context.newPage();
  // Timing only: a console error here is the other tests' to catch.
  const watched = watch(page, kind, []);
  const cdp = await network(context, page, conditions);
  let bytes = 0;
  cdp.on('Network.loadingFinished', ({ encodedDataLength }) => { bytes += encodedDataLength; });
  const started = Date.now();
  await page.goto(`${servers[kind]}/`);
  let answered;
  for (let i = 0; !answered && i < 1000; i++) {
    // The game says where New table is once it has drawn it (the floor program does not).
    const said = watched.last('tap', (s) => s.what === 'new-table');
    const [x, y] = said ? said.at : at(i);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(50);
    await page.mouse.up();
    await page.waitForTimeout(30);
    answered = answer(watched);
  }
  await context.close();
  if (!answered) throw new Error(`${kind}: no answer after 1000 clicks`);
  // A signal comes at its `time`, a plain line at its `at`.
  return { click_ms: (answered.time ?? answered.at) - started, wire_bytes: bytes };
}

await run('web-floor-time', async (t) => {
  const { report } = t;
  Object.assign(report, { rounds: ROUNDS, visits: [] });
  const servers = {};
  for (const [kind, { dir }] of Object.entries(KINDS)) servers[kind] = (await t.roomServer(dir)).address;
  // Each kind in turn, so that both meet the machine as it is at the moment.
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of Object.keys(KINDS)) {
      for (const slow of [false, true]) {
        const v = { kind, slow, ...(await visit(t, servers, kind, slow ? SLOW_NETWORK : null)) };
        console.log(JSON.stringify(v));
        report.visits.push(v);
      }
    }
  }
}, (report) => {
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const said = [];
  for (const kind of Object.keys(KINDS)) {
    for (const slow of [false, true]) {
      const vs = report.visits.filter((v) => v.kind === kind && v.slow === slow);
      const s = (ms) => (ms / 1000).toFixed(2);
      const clicks = vs.map((v) => v.click_ms);
      said.push(`${kind.padEnd(5)} ${slow ? '10 Mbit/s' : 'loopback '}: click answered at ${clicks.map(s).join(', ')} s ` +
        `(median ${s(median([...clicks]))} s), ${(vs[0].wire_bytes / 1e6).toFixed(2)} MB on the wire`);
    }
  }
  return said.join('\n');
});
