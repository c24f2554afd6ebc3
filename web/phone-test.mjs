// The phone test: a phone held upright (390x844 CSS pixels, three device pixels to one,
// touch, as playwright emulates it), one person against a CPU at instant speed, by tapping
// where the game says the die and the pieces are (its console's `ludo: tap` lines), a tap that
// could mean two pieces answered on the game's own question; after 16 moves the person taps
// "CPU plays for Ana" (the whole game by hand took 325 s here, drawn in software:
// PHONE_TAPS=all plays it so), and at the results taps "Change table". It checks that the game
// draws at the screen's own pixels (sharp at ratios 2 and 3), fails on any console error or
// panic, and saves artifacts/web-phone-*.png and web-phone-report.json.
import fs from 'node:fs';
import path from 'node:path';
import { artifact, launchChromium, startRoomServer, watch } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const { address, stop } = await startRoomServer(path.join(here, 'dist'));
const browser = await launchChromium();
const problems = [];
const report = {};
const phone = { width: 390, height: 844 };
/** A new phone with `scale` device pixels to a CSS pixel; resolves once the game has drawn. */
async function open(scale, query) {
  const context = await browser.newContext({
    viewport: phone, deviceScaleFactor: scale, isMobile: true, hasTouch: true,
  });
  const page = await context.newPage();
  const { seen, said } = watch(page, `${scale}x`, problems);
  await page.goto(`${address}/?${query}`);
  await seen('ludo: first frame', 180_000);
  // The game's own lines so far.
  return { context, page, get lines() { return said(); } };
}

/** The game draws at the screen's own pixels: its window is the page's CSS size at `scale`. */
async function checkPixels(p, scale) {
  const started = Date.now();
  const want = `window ${phone.width}x${phone.height} at scale ${scale} ` +
    `(${phone.width * scale}x${phone.height * scale} pixels)`;
  while (!p.lines.includes(want) && Date.now() - started < 30_000) await p.page.waitForTimeout(50);
  const seen = p.lines.filter((l) => l.startsWith('window ')).at(-1);
  if (!p.lines.includes(want)) problems.push(`${scale}x: the game's window is "${seen}", not "${want}"`);
  return seen;
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

try {
  // Two device pixels to one: the menu draws at 780x1688.
  const two = await open(2, 'lang=en');
  report.window_2x = await checkPixels(two, 2);
  await two.page.waitForTimeout(1000);
  await two.page.screenshot({ path: artifact('web-phone-menu-2x.png') });
  await two.context.close();

  // Three to one, a game by touch.
  const started = Date.now();
  const p = await open(3, 'seats=person:Ana,cpu&speed=instant&seed=5&lang=en');
  report.window_3x = await checkPixels(p, 3);
  const counts = { die: 0, piece: 0, which: 0, again: 0 };
  let shot = false;
  let last = null;
  let since = Date.now();
  const byHand = process.env.PHONE_TAPS === 'all' ? Infinity : 16;
  // The decisions' lines (the others say where the HUD's buttons are).
  const latest = () => p.lines.findLast((l) => /^tap \S+ (die|move|which) /.test(l));
  const where = (what) => p.lines.findLast((l) => l.startsWith(`tap - ${what} `))?.split(' ').at(-1).split(',').map(Number);
  while (!p.lines.includes('game over')) {
    if (counts.piece >= byHand && latest() !== last) {
      // At her next decision, Ana hands her seat to the CPU from the pause menu (the bar's
      // first button), and resumes.
      const tapWhere = async (what, after) => {
        const asked = Date.now();
        while (!where(what) && Date.now() - asked < 20_000) await p.page.waitForTimeout(50);
        const [x, y] = where(what) || [];
        if (x === undefined) throw new Error(`the game never said where "${what}" is ${after}`);
        await p.page.touchscreen.tap(x, y);
      };
      await tapWhere('pause', 'on the bar');
      await tapWhere('away', 'in the pause menu');
      await tapWhere('resume', 'in the pause menu');
      // Her plate now says the CPU plays, and offers the seat back.
      const handed = Date.now();
      while (!where('back') && Date.now() - handed < 20_000) await p.page.waitForTimeout(50);
      if (!where('back')) throw new Error('the pause menu\'s "leaves" did not hand the seat to the CPU');
      counts.away = 1;
      report.by_hand_ms = Date.now() - started;
      // While the CPU plays on, the page shrinks (still upright): a third of the size is a
      // ninth of the pixels to draw in software, and the layout follows the window live.
      await p.page.setViewportSize({ width: phone.width / 3, height: Math.round(phone.height / 3) });
      while (!p.lines.includes('game over') && Date.now() - started < 600_000) await p.page.waitForTimeout(100);
      await p.page.setViewportSize(phone);
      break;
    }
    if (Date.now() - started > 600_000) throw new Error(`no game over in 600 s (${JSON.stringify(counts)})`);
    const line = latest();
    // A tap that changed nothing leaves the same line standing: tap again after a while.
    if (!line || (line === last && Date.now() - since < 8000)) {
      await p.page.waitForTimeout(50);
      continue;
    }
    if (line === last) counts.again += 1;
    if (counts.again > 10) throw new Error(`taps do not land: ${line}`);
    last = line;
    since = Date.now();
    // "tap N die X,Y", "tap N move X,Y X,Y; …" (N: events so far), "tap - which X,Y".
    const [, , kind, ...rest] = line.split(' ');
    const point = (s) => s.trim().split(',').map(Number);
    let x;
    let y;
    if (kind === 'move') {
      const moves = rest.join(' ').split(';').map((m) => m.trim().split(' ').filter(Boolean).map(point));
      ({ x, y } = clearest(moves));
      counts.piece += 1;
    } else {
      [x, y] = point(rest.join(' '));
      counts[kind === 'die' ? 'die' : 'which'] += 1;
    }
    // Midway, Ana's turn to roll, as her phone shows it (the prompt says "tap").
    if (!shot && counts.piece >= 8 && kind === 'die') {
      await p.page.screenshot({ path: artifact('web-phone-playing.png') });
      shot = true;
    }
    await p.page.touchscreen.tap(x, y);
  }
  report.game_ms = Date.now() - started;
  report.taps = counts;
  await p.page.waitForTimeout(3000);
  await p.page.screenshot({ path: artifact('web-phone-results.png') });
  // The results' buttons take a finger too.
  const change = where('change-table');
  if (!change) throw new Error('the game never said where "Change table" is');
  const tapped = Date.now();
  await p.page.touchscreen.tap(...change);
  while (!p.lines.includes('opened Setup') && Date.now() - tapped < 20_000) await p.page.waitForTimeout(50);
  if (!p.lines.includes('opened Setup')) problems.push('the tap on "Change table" did not open the setup');
  await p.page.waitForTimeout(2000);
  await p.page.screenshot({ path: artifact('web-phone-setup.png') });
  if (counts.die < 5 || counts.piece < 5) problems.push(`too few taps played: ${JSON.stringify(counts)}`);
  await p.context.close();
} catch (e) {
  problems.push(String(e.stack || e));
} finally {
  await browser.close();
  stop();
}
fs.writeFileSync(artifact('web-phone-report.json'), JSON.stringify(report, null, 2));
console.log(`phone test: a game by touch at 3 device pixels to one in ${((report.game_ms || 0) / 1000).toFixed(0)} s ` +
  `(${JSON.stringify(report.taps)}); ${report.window_2x}; ${report.window_3x}`);
if (problems.length) {
  console.error('phone test failed:\n  ' + problems.join('\n  '));
  process.exit(1);
}
