// The phone test: a phone held upright (390x844 CSS pixels, three device pixels to one,
// touch, as playwright emulates it), one person against a CPU at instant speed, by tapping
// where the game says the die and the pieces are (its `tap_die`, `tap_move` signals), a tap that
// could mean two pieces answered on the game's own question; a piece that shares its square
// (a stack) tapped where it is drawn, and the engine's move checked to be that piece's; after
// 16 moves (and a tap into a stack) the person taps "CPU plays for Ana" (the whole game by hand took 325 s here, drawn in software:
// PHONE_TAPS=all plays it so), and at the results taps "Change table". It checks that the game
// draws at the screen's own pixels (sharp at ratios 2 and 3), fails on any console error or
// panic, and saves artifacts/web-phone-*.png and web-phone-report.json.
import path from 'node:path';
import { artifact, run } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const phone = { width: 390, height: 844 };

/** The point of `moves` (each move's piece and landing dot) farthest from other moves'. */
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

await run('web-phone', async (t) => {
  const { report } = t;
  const { address } = await t.roomServer(path.join(here, 'dist'));
  /** A new phone with `scale` device pixels to a CSS pixel; resolves once the game has drawn. */
  async function open(scale, query) {
    const p = await t.page(`${scale}x`, {
      viewport: phone, deviceScaleFactor: scale, isMobile: true, hasTouch: true,
    });
    await p.goto(`${address}/?${query}`);
    await p.seen('first_frame', 180_000);
    return p;
  }

  /** The game draws at the screen's own pixels: its window is the page's CSS size at `scale`. */
  async function checkPixels(p, scale) {
    const right = (w) => w.size[0] === phone.width && w.size[1] === phone.height &&
      w.scale_percent === scale * 100 &&
      w.pixels[0] === phone.width * scale && w.pixels[1] === phone.height * scale;
    const seen = await p.seen('window', 30_000, right).catch(() => p.last('window'));
    const said = seen && `${seen.size.join('x')} at scale ${seen.scale_percent / 100} (${seen.pixels.join('x')} pixels)`;
    if (!seen || !right(seen)) t.fail(`${scale}x: the game's window is ${said}, not ${phone.width}x${phone.height} at scale ${scale}`);
    return said;
  }

  // Two device pixels to one: the menu draws at 780x1688.
  const two = await open(2, 'lang=en');
  report.window_2x = await checkPixels(two, 2);
  await two.waitForTimeout(1000);
  await two.screenshot({ path: artifact('web-phone-menu-2x.png') });
  await two.context().close();

  // Three to one, a game by touch.
  const started = Date.now();
  const p = await open(3, 'seats=person:Ana,cpu&speed=instant&seed=5&lang=en&print-events');
  report.window_3x = await checkPixels(p, 3);
  const counts = { die: 0, piece: 0, which: 0, again: 0, stacked: 0 };
  // The piece tapped in a stack, until the engine says which piece moved.
  let tappedInStack = null;
  let shot = false;
  let last = null;
  let since = Date.now();
  const byHand = process.env.PHONE_TAPS === 'all' ? Infinity : 16;
  const STACK_BY = 60;
  const over = () => p.last('game_over');
  // The decisions' signals (the other taps say where the HUD's buttons are).
  const decision = (s) => s.signal === 'tap_die' || s.signal === 'tap_move' ||
    (s.signal === 'tap' && s.what === 'which');
  const latest = () => p.signals.findLast(decision);
  const where = (what) => p.last('tap', (s) => s.what === what)?.at;
  /** Taps where the game says `what` is, once it has said so. */
  const tapWhere = async (what, after) => {
    const asked = Date.now();
    while (!where(what) && Date.now() - asked < 20_000) await p.waitForTimeout(50);
    if (!where(what)) throw new Error(`the game never said where "${what}" is ${after}`);
    await p.touchscreen.tap(...where(what));
  };
  while (!over()) {
    if (tappedInStack) {
      const moved = p.signals.slice(tappedInStack.after).find((s) => s.signal === 'event' &&
        ['moved', 'entered'].includes(s.event.event) && s.event.seat === 0);
      if (moved) {
        if (moved.event.piece !== tappedInStack.piece) {
          t.fail(`a tap on piece ${tappedInStack.piece} in a stack of ${tappedInStack.of} moved piece ${moved.event.piece}`);
        }
        counts.stacked += 1;
        tappedInStack = null;
      }
    }
    const enough = counts.piece >= byHand && (counts.stacked > 0 || counts.piece >= STACK_BY);
    if (enough && !tappedInStack && latest() !== last) {
      // At her next decision, Ana hands her seat to the CPU from the pause menu (the bar's
      // first button), and resumes.
      const paused = p.next('opened', 20_000, (s) => s.window === 'Pause');
      await tapWhere('pause', 'on the bar');
      await paused;
      await tapWhere('away', 'in the pause menu');
      // The menu may still be moving (its size follows what it shows): a tap where Resume
      // was misses it, so tap again where the game last said it is until the table is back.
      const back = () => p.last('opened')?.window === 'None';
      for (let tries = 1; !back(); tries++) {
        if (tries > 6) throw new Error('six taps on "Resume" did not close the pause menu');
        await tapWhere('resume', 'in the pause menu');
        const tapped = Date.now();
        while (!back() && Date.now() - tapped < 3000) await p.waitForTimeout(50);
      }
      // Her plate now says the CPU plays, and offers the seat back.
      const handed = Date.now();
      while (!where('back') && Date.now() - handed < 20_000) await p.waitForTimeout(50);
      if (!where('back')) throw new Error('the pause menu\'s "leaves" did not hand the seat to the CPU');
      counts.away = 1;
      report.by_hand_ms = Date.now() - started;
      // While the CPU plays on, the page shrinks (still upright): a third of the size is a
      // ninth of the pixels to draw in software, and the layout follows the window live.
      await p.setViewportSize({ width: phone.width / 3, height: Math.round(phone.height / 3) });
      while (!over() && Date.now() - started < 600_000) await p.waitForTimeout(100);
      await p.setViewportSize(phone);
      break;
    }
    if (Date.now() - started > 600_000) throw new Error(`no game over in 600 s (${JSON.stringify(counts)})`);
    const signal = latest();
    // A tap that changed nothing leaves the same signal standing: tap again after a while.
    if (!signal || (signal === last && Date.now() - since < 8000)) {
      await p.waitForTimeout(50);
      continue;
    }
    if (signal === last) counts.again += 1;
    if (counts.again > 10) throw new Error(`taps do not land: ${JSON.stringify(signal)}`);
    last = signal;
    since = Date.now();
    let x;
    let y;
    if (signal.signal === 'tap_move') {
      // A piece in a stack, tapped where it is drawn; else the clearest point.
      const i = signal.sharing.findIndex((n, i) => n > 1 && signal.moves[i].length > 0);
      if (i >= 0 && !tappedInStack) {
        [x, y] = signal.moves[i][0];
        tappedInStack = { piece: signal.pieces[i], of: signal.sharing[i], after: p.signals.length };
      } else {
        ({ x, y } = clearest(signal.moves));
      }
      counts.piece += 1;
    } else {
      [x, y] = signal.at;
      counts[signal.signal === 'tap_die' ? 'die' : 'which'] += 1;
    }
    // Midway, Ana's turn to roll, as her phone shows it (the prompt says "tap").
    if (!shot && counts.piece >= 8 && signal.signal === 'tap_die') {
      await p.screenshot({ path: artifact('web-phone-playing.png') });
      shot = true;
    }
    await p.touchscreen.tap(x, y);
  }
  report.game_ms = Date.now() - started;
  report.taps = counts;
  await p.waitForTimeout(3000);
  await p.screenshot({ path: artifact('web-phone-results.png') });
  // The results' buttons take a finger too.
  const change = where('change-table');
  if (!change) throw new Error('the game never said where "Change table" is');
  const setup = p.next('opened', 20_000, (s) => s.window === 'Setup');
  await p.touchscreen.tap(...change);
  await setup.catch(() => t.fail('the tap on "Change table" did not open the setup'));
  await p.waitForTimeout(2000);
  await p.screenshot({ path: artifact('web-phone-setup.png') });
  if (counts.die < 5 || counts.piece < 5) t.fail(`too few taps played: ${JSON.stringify(counts)}`);
  if (counts.stacked < 1) t.fail(`no piece was tapped out of a stack in ${counts.piece} moves: ${JSON.stringify(counts)}`);
}, (report) => `phone test: a game by touch at 3 device pixels to one in ${((report.game_ms || 0) / 1000).toFixed(0)} s ` +
  `(${JSON.stringify(report.taps)}); ${report.window_2x}; ${report.window_3x}`);
