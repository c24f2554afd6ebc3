// Friends at one online table, in a real browser: the room server serves web/dist; page A
// (one browser context: one device) opens a table with two open seats and two CPUs; page B
// (another context: another device) opens its invite link and the full table starts. Each
// page plays its own seat with the keyboard (Space rolls, and moves the highlighted piece) to
// the results.
// Midway page B is closed — page A hears that the CPU plays for B — then B opens the invite
// link again and is back in its seat. Then a desktop game under Xvfb opens a table and a
// page joins it; last, a page asks one node of two for a room the other holds and is sent on. Screenshots of each step in artifacts/online-*.png; fails on any console
// error. Everything stays on 127.0.0.1 and stops by itself.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { artifact, run, startRoomServer } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const gameBin = process.env.LUDO_GAME;

// The runner's tools (`run` in harness.mjs), for the helpers below.
let t;

/** A page in the browser context `context` (a device), its console watched. */
async function open(context, name) {
  const page = await t.page(name, context);
  // The page's WebSockets, as the browser sees them (why one closes, if it does).
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = function (url, protocols) {
      const ws = new Native(url, protocols);
      const t0 = performance.now();
      const at = () => `${Math.round(performance.now() - t0)} ms`;
      ws.addEventListener('open', () => console.log(`websocket: open ${url} after ${at()}`));
      ws.addEventListener('error', () => console.log(`websocket: error ${url} after ${at()}`));
      ws.addEventListener('close', (e) => console.log(
        `websocket: closed ${url} after ${at()}: code ${e.code} ${e.reason} clean ${e.wasClean}`));
      return ws;
    };
    // A main thread held up for seconds (what a software GPU shared by pages can do).
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (now - last > 3000) console.log(`page: main thread held up ${Math.round(now - last)} ms`);
      last = now;
    }, 500);
    window.WebSocket.prototype = Native.prototype;
    Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  });
  return page;
}

/** Plays this page's seat as a person at the keyboard would, until its game is over (or
 * stopped): Space rolls and, when a move is due, moves the highlighted piece. (Past the end
 * Space would press the focused "Play again".) */
function playByKeys(page) {
  let on = true;
  page.next('game_over', 900_000).then(() => { on = false; }, () => {});
  const done = (async () => {
    await page.click('#ludo-canvas', { position: { x: 2, y: 2 } }).catch(() => {});
    while (on) {
      await page.keyboard.press('Space').catch(() => {});
      await page.waitForTimeout(30).catch(() => {});
    }
  })();
  return async () => { on = false; await done; };
}

const shot = (page, name) => page.screenshot({ path: artifact(`online-${name}.png`) });

/** Taps where the game last said `what` is (its `tap` signal). */
async function tap(page, what, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const said = page.last('tap', (s) => s.what === what);
    if (said) {
      await page.mouse.click(...said.at);
      await page.waitForTimeout(300);
      return;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${page.who}: nowhere to tap for ${what}`);
    await page.waitForTimeout(100);
  }
}
// Between screenshots the pages play in a tiny window: both draw in software on one GPU
// process, which is what limits the pace of the game here.
const small = { width: 200, height: 125 };
const shrink = (...ps) => Promise.all(ps.map((p) => p.setViewportSize(small)));
const grow = async (...ps) => {
  await Promise.all(ps.map((p) => p.setViewportSize(viewport)));
  await ps[0].waitForTimeout(1500);
};
// Phone-sized pages: two pages draw in software at once, and a smaller page draws faster.
const viewport = { width: 640, height: 400 };
// Ana's remembered table has the quick house rules (out on a 1 or a 6, …): a shorter game,
// which her table online takes, as a host's table does.
const quickTable = '(rules: (exit_numbers: [1, 6], no_piece_in_play: up_to_three_rolls, ' +
  'extra_roll_on_goal: true, exact_finish: false))';

/**
 * A page reopened late in a long game: on a server whose dice are seeded (seed 82: with the
 * host's seat played by the CPU and three bots that move the piece furthest back, *rank all
 * players* lasts 2,756 events and the host's seat plays until event 2,477;
 * `long_game --find 2150`), Dara's page opens a four-seat table, the
 * bots (examples/long_game.rs) take the other seats, and she closes the page as the game
 * starts. The bots hold the game at 2,000 events, and she
 * opens the invite link again: her ticket resumes the seat with nothing heard, the catch-up
 * comes in messages of at most 16 KiB, her table is at the game as it is, and she rolls for
 * her seat by the keyboard (the CPU plays no seat whose device is there). She closes the page
 * again and the game finishes, the CPU playing her seat.
 */
async function longGame() {
  const bots = process.env.LUDO_LONG_GAME;
  if (!bots) {
    t.fail('LUDO_LONG_GAME names the long_game example (make test sets it)');
    return;
  }
  const server = await startRoomServer(path.join(here, 'dist'), ['--fixed-seed', '82',
    '--cpu-pace-ms', '5', '--away-grace-ms', '500', '--rate', '10000', '--burst', '10000']);
  let botRun;
  try {
    const device = await t.browser.newContext({ viewport: small });
    await device.addInitScript(() => {
      if (!localStorage.getItem('ludo/.config/table.ron')) {
        localStorage.setItem('ludo/.config/table.ron', '(rules: (rank_all: true))');
      }
    });
    const d = await open(device, 'D');
    const room = d.next('room', 120_000);
    await d.goto(`${server.address}/?create=open,open,open,open&name=Dara&speed=instant`);
    const { code } = await room;
    const started = d.next('table_at', 60_000, (s) => s.event === 0);
    botRun = spawn(bots, [new URL(server.address).host, code, '--pause-at', '2000'],
      { stdio: ['pipe', 'pipe', 'inherit'] });
    let botSaid = '';
    const paused = new Promise((ok, fail) => {
      botRun.stdout.on('data', (data) => {
        botSaid += data;
        const m = botSaid.match(/paused at (\d+)/);
        if (m) ok(Number(m[1]));
      });
      botRun.on('exit', (c) => fail(new Error(`the bots stopped (${c}) before 2,000 events: ${botSaid.slice(-200)}`)));
      setTimeout(() => fail(new Error('no 2,000 events in 180 s')), 180_000);
    });
    const botsDone = new Promise((ok) => botRun.on('exit', (c) => ok(c)));
    await started;
    await d.close();
    // The bots hold the game at 2,000 events until Dara is back.
    const pausedAt = await paused;
    const back = await open(device, 'D again');
    const seated = back.next('seated', 120_000);
    const at = back.next('table_at', 120_000);
    await back.goto(`${server.address}/r/${code}?speed=instant&print-events`);
    const { seat } = await seated;
    const atEvent = (await at).event;
    t.report.long_game = { code, seat, bots_paused_at: pausedAt, reopened_at_event: atEvent };
    if (seat !== 0) t.fail(`Dara came back to seat ${seat}, not 0`);
    if (atEvent < pausedAt || atEvent < 2000) t.fail(`Dara's table came back at event ${atEvent}, not at the game's ${pausedAt}`);
    // Her own roll: the page prints each event it shows from now on.
    const rolled = back.next('event', 180_000, (s) => s.event.event === 'rolled' && s.event.seat === 0);
    await back.setViewportSize(viewport);
    await back.waitForTimeout(1500);
    await shot(back, 'long-back');
    await back.setViewportSize(small);
    const stop = playByKeys(back);
    botRun.stdin.write('go\n');
    await rolled;
    await stop();
    await back.close();
    const botsExit = await botsDone;
    const total = botSaid.match(/game over after (\d+) events/);
    t.report.long_game.events = total ? Number(total[1]) : null;
    if (botsExit !== 0 || !total) t.fail(`the bots ended with ${botsExit}: ${botSaid.slice(-200)}`);
    else if (t.report.long_game.events <= atEvent) t.fail('the game was over before Dara came back');
    const astray = back.lines.filter((l) => l.text.includes('do not follow'));
    if (astray.length) t.fail(`Dara's page lost step with the server: ${astray[0].text}`);
  } finally {
    if (botRun && botRun.exitCode === null) botRun.kill();
    server.stop();
  }
}
/**
 * Two nodes sharing a PostgreSQL (ludo-cluster, beside the server binary): Eko's page opens a
 * table on node 1; Fara opens its invite link on node 2, which holds no such room and sends
 * her page on (`moved`); her page sits at node 1's table and the game starts on both. Then two
 * pages ask for quick play, one at each node, and play one table.
 */
async function twoNodes() {
  const clusterBin = path.join(path.dirname(process.env.LUDO_SERVER || ''), 'ludo-cluster');
  if (!process.env.LUDO_SERVER || !fs.existsSync(clusterBin)) {
    t.fail(`no ludo-cluster beside LUDO_SERVER (${clusterBin}): make test builds it`);
    return;
  }
  const cluster = spawn(clusterBin, ['--nodes', '2', '--port', '0', '--web', path.join(here, 'dist')],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: 'warn' } });
  let said = '';
  cluster.stderr.on('data', (d) => { said += d; });
  try {
    const nodes = await new Promise((ok, fail) => {
      let text = '';
      cluster.stdout.on('data', (d) => {
        text += d;
        const found = [...text.matchAll(/node \d+ \(pid \d+\): (http:\/\/\S+)/g)].map((m) => m[1]);
        if (found.length === 2) ok(found);
      });
      cluster.on('exit', (c) => fail(new Error(`ludo-cluster exited (${c}): ${said.slice(-300)}`)));
      setTimeout(() => fail(new Error('ludo-cluster started no nodes in 60 s')), 60_000);
    });
    const e = await open({ viewport: small }, 'Node 1');
    const room = e.next('room', 120_000);
    const startedE = e.next('table_at', 120_000, (s) => s.event === 0);
    await e.goto(`${nodes[0]}/?create=open,open&name=Eko&speed=instant`);
    const { code } = await room;
    const f = await open({ viewport }, 'Node 2');
    const moved = f.next('moved', 120_000);
    const seated = f.next('seated', 120_000);
    const startedF = f.next('table_at', 120_000, (s) => s.event === 0);
    await f.goto(`${nodes[1]}/r/${code}?name=Fara&speed=instant`);
    const to = (await moved).url;
    const { seat } = await seated;
    await Promise.all([startedE, startedF]);
    t.report.two_nodes = { code, nodes, moved_to: to, seat };
    if (new URL(to).host !== new URL(nodes[0]).host) t.fail(`node 2 sent Fara to ${to}, not node 1 (${nodes[0]})`);
    if (seat !== 1) t.fail(`Fara sat at seat ${seat}, not 1`);
    await f.waitForTimeout(1500);
    await shot(f, 'moved-node');
    await Promise.all([e.close(), f.close()]);
    // Quick play across the nodes: Gita asks node 1, Hana node 2; they meet at one table,
    // opened on one node, the other page sent there (`joined`, `moved`, then its seat resumed).
    const g = await open({ viewport: small }, 'Quick node 1');
    const h = await open({ viewport }, 'Quick node 2');
    const [roomG, roomH] = [g.next('room', 120_000), h.next('room', 120_000)];
    const startedG = g.next('table_at', 120_000, (s) => s.event === 0);
    const startedH = h.next('table_at', 120_000, (s) => s.event === 0);
    await g.goto(`${nodes[0]}/?quick=2&name=Gita&speed=instant`);
    await h.goto(`${nodes[1]}/?quick=2&name=Hana&speed=instant`);
    const [codeG, codeH] = [(await roomG).code, (await roomH).code];
    await Promise.all([startedG, startedH]);
    t.report.two_nodes.quick = { gita: codeG, hana: codeH };
    if (codeG !== codeH) t.fail(`quick play at two nodes seated Gita at ${codeG} and Hana at ${codeH}`);
    await h.waitForTimeout(1500);
    await shot(h, 'quick-two-nodes');
    await Promise.all([g.close(), h.close()]);
  } finally {
    cluster.kill('SIGTERM');
    await new Promise((ok) => (cluster.exitCode === null ? cluster.on('exit', ok) : ok()));
  }
}
await run('online', async (tools) => {
  t = tools;
  const { report } = t;
  // CPUs move after 50 ms; an absent person's seat goes to the CPU after 1 s; quick play waits
  // two minutes before CPUs fill a table (pages drawn in software take a while to open).
  const { address } = await t.roomServer(path.join(here, 'dist'),
    ['--cpu-pace-ms', '50', '--away-grace-ms', '1000', '--quick-wait-ms', '120000']);
  report.address = address;
  const deviceA = await t.browser.newContext({ viewport });
  await deviceA.addInitScript((table) => {
    if (!localStorage.getItem('ludo/.config/table.ron')) localStorage.setItem('ludo/.config/table.ron', table);
  }, quickTable);
  const deviceB = await t.browser.newContext({ viewport });
  const a = await open(deviceA, 'A');
  // Ana opens a table: two open seats (hers and a friend's) and two CPUs.
  const room = a.next('room', 120_000);
  await a.goto(`${address}/?create=open,open,cpu,cpu:hard&name=Ana&speed=instant`);
  const { code } = await room;
  report.code = code;
  await a.waitForTimeout(2000);
  await shot(a, 'lobby-a');

  // Budi opens the invite link on his own device: the table is full and starts.
  const b = await open(deviceB, 'B');
  const seatedB = b.next('seated', 120_000);
  await b.goto(`${address}/r/${code}?name=Budi&speed=instant`);
  const seatB = (await seatedB).seat;
  if (seatB !== 1) t.fail(`Budi sat at seat ${seatB}, not 1`);
  await b.waitForTimeout(2000);
  await shot(b, 'joined-b');

  const overA = a.next('game_over', 900_000);
  const diceA = a.next('dice_checked', 900_000);
  let stopA = playByKeys(a);
  let stopB = playByKeys(b);
  await a.waitForTimeout(10_000);
  await shot(a, 'playing-a');
  await shot(b, 'playing-b');
  await shrink(a, b);

  // Budi closes the tab mid-game; Ana's page hears that the CPU plays his seat.
  const away = a.next('cpu_plays', 30_000, (s) => s.seat === 1);
  await stopB();
  await b.close();
  await away;
  await grow(a);
  await shot(a, 'away-a');
  await shrink(a);

  // Budi opens the invite link again on the same device: back in his seat, same game.
  const b2 = await open(deviceB, 'B again');
  const back = b2.next('seated', 120_000);
  await b2.goto(`${address}/r/${code}?speed=instant`);
  const seatBack = (await back).seat;
  if (seatBack !== seatB) t.fail(`Budi came back to seat ${seatBack}, not ${seatB}`);
  const overB = b2.next('game_over', 900_000);
  const diceB = b2.next('dice_checked', 900_000);
  stopB = playByKeys(b2);
  await b2.waitForTimeout(3000);
  await shot(b2, 'back-b');
  await shrink(b2);

  const started = Date.now();
  await Promise.all([overA, overB]);
  report.game_over_after_return_ms = Date.now() - started;
  // Each page checked the game's dice on its own device: sealed by the server and both pages.
  const [fairA, fairB] = await Promise.all([diceA, diceB]);
  report.dice_checked = [fairA.verdict, fairB.verdict];
  for (const [who, said] of [['Ana', fairA], ['Budi', fairB]]) {
    if (said.verdict !== 'fair') t.fail(`${who}'s page checked the dice: ${said.verdict} (${said.detail}), not fair`);
  }
  await Promise.all([stopA(), stopB()]);
  await grow(a, b2);
  await shot(a, 'results-a');
  await shot(b2, 'results-b');
  // Their game is over: closed, they leave the software GPU they share to the pages below.
  await Promise.all([a.close(), b2.close()]);

  // Anyone opens the finished game's review at /g/ID (the room's code and the game's number):
  // the page carries the game, the review opens, rates every turn and checks the dice.
  const r = await open({ viewport }, 'Review');
  const opened = r.next('review', 120_000);
  const rated = r.next('review_chart', 120_000);
  const analysed = r.next('analysed', 120_000);
  await r.goto(`${address}/g/${code}-1`);
  const [review, chart, analysis] = [await opened, await rated, await analysed];
  report.review = {
    steps: review.steps, turns: chart.turns, chart_ms: chart.micros / 1000, dice: review.dice,
    analysis: { throws: analysis.throws, decisions: analysis.decisions, ms: analysis.micros / 1000, frames: analysis.frames },
  };
  if (report.review.dice !== 'fair') t.fail(`the review's dice check says ${report.review.dice}`);
  if (!(report.review.turns > 10)) t.fail(`the review's chart has ${report.review.turns} turns`);
  if (!(analysis.throws > 10 && analysis.decisions > 0)) t.fail(`the review's analysis saw ${JSON.stringify(report.review.analysis)}`);
  await r.keyboard.press('End');
  await r.waitForTimeout(1500);
  await shot(r, 'review');
  // The first mistake (M), and Try it again (T): a local game from that position, the
  // decision's seat the player's.
  const tried = r.next('tried_again', 30_000);
  await r.keyboard.press('Home');
  await r.keyboard.press('m');
  await r.waitForTimeout(1000);
  await shot(r, 'review-mistake');
  await r.keyboard.press('t');
  const again = await tried;
  report.try_again = { step: again.step, seat: again.seat };
  if (!(again.step > 0 && again.step < review.steps)) t.fail(`Try it again began at step ${again.step} of ${review.steps}`);
  await r.waitForTimeout(1500);
  await shot(r, 'try-again');
  // An unknown game is said so.
  const unknown = await fetch(`${address}/g/${code}-9`);
  const note = await unknown.text();
  if (unknown.status !== 404 || !note.includes('No finished game')) {
    t.fail(`/g/${code}-9 answered ${unknown.status}: ${note.slice(0, 200)}`);
  }
  // Quick play: two devices ask for a table of two and meet at one; one reacts, and the
  // other's page shows it by the sender's plate (and its screen reader is told).
  const qa = await open({ viewport }, 'Quick A');
  const qb = await open({ viewport }, 'Quick B');
  const waitingA = qa.next('waiting', 120_000, (s) => s.seats === 2);
  const roomA = qa.next('room', 120_000);
  const roomB = qb.next('room', 120_000);
  const startedA = qa.next('table_at', 120_000);
  const startedB = qb.next('table_at', 120_000);
  await qa.goto(`${address}/?quick=2&name=Quinn`);
  await waitingA;
  await qa.waitForTimeout(1000);
  await shot(qa, 'quick-waiting');
  await qb.goto(`${address}/?quick=2&name=Rafa`);
  const [quickA, quickB] = [(await roomA).code, (await roomB).code];
  report.quick = { room: quickA };
  if (quickA !== quickB) t.fail(`quick play seated the two pages at ${quickA} and ${quickB}`);
  await Promise.all([startedA, startedB]);
  const reacted = qb.next('reaction', 90_000);
  // The face button opens the picker (pressed again if a frame missed the press).
  for (let i = 0; i < 10 && !qa.last('tap', (s) => s.what === 'reaction'); i++) {
    await tap(qa, 'react');
    await qa.waitForTimeout(1500);
  }
  // A reaction pressed again until the other page hears one (a tap on the picker's first
  // frame, before its window has its place, can miss; a second reaction is harmless).
  let got = null;
  const hearing = reacted.then((h) => { got = h; }, () => {});
  for (let i = 0; i < 10 && !got; i++) {
    await tap(qa, 'reaction');
    await Promise.race([hearing, qa.waitForTimeout(3000)]);
  }
  const heard = await reacted;
  report.quick.reaction = heard.reaction;
  if (heard.reaction !== 'good_game') t.fail(`the other page heard ${heard.reaction}, not good_game`);
  await qb.waitForTimeout(300);
  await shot(qb, 'quick-reaction');
  await Promise.all([qa.close(), qb.close()]);

  // The server's leaderboard, a plain page (in a device of its own). Chromium drawing in
  // software sometimes has no frame to capture yet: the shot is tried again.
  const boardDevice = await t.browser.newContext({ viewport });
  const board = await boardDevice.newPage();
  const boardAnswer = await board.goto(`${address}/leaderboard`);
  const boardText = await board.textContent('body');
  if (boardAnswer.status() !== 200 || !boardText.includes('leaderboard')) {
    t.fail(`/leaderboard answered ${boardAnswer.status()}: ${boardText.slice(0, 200)}`);
  }
  for (let i = 0; ; i++) {
    await board.waitForTimeout(500);
    try {
      await board.screenshot({ path: artifact('online-leaderboard.png') });
      break;
    } catch (e) {
      if (i >= 4) throw e;
    }
  }
  await boardDevice.close();

  // The same game as a file, picked on the page (what dropping it on the page does too).
  const file = artifact('online-game.json');
  fs.writeFileSync(file, await (await fetch(`${address}/g/${code}-1.json`)).text());
  const picked = r.next('review', 120_000);
  await r.goto(`${address}/`);
  await r.setInputFiles('#ludo-open', file);
  if ((await picked).steps !== report.review.steps) t.fail('the picked file opened another game');
  await r.close();

  // A desktop game opens a table under Xvfb; a page joins it by its invite link. (A small
  // window: it draws in software beside the browser's page.)
  if (gameBin) {
    const c = await open({ viewport }, 'C');
    // The X authority file is the artifacts' own: xvfb-run has no temporary folder to remove
    // (a removal that once failed on CI after a passing run). Its displays are looked for
    // from 150 up, apart from the pictures' and the bundle test's that `make test` runs beside.
    const desktop = spawn('xvfb-run', ['-n', '150', '-a', '-f', artifact('online-desktop.Xauthority'),
      '-s', '-screen 0 1280x720x24', gameBin,
      '--server', `ws://${new URL(address).host}/ws`, '--create', 'open,open,cpu,cpu', '--name', 'Desk',
      '--speed', 'fast', '--size', '800x450', '--screenshot', artifact('online-desktop.png'), '--frames', '90'],
    // The game's assets are the repository's (a build run outside `cargo run` finds them here).
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BEVY_ASSET_ROOT: path.join(here, '..') } });
    // Listened for from the start: a game that ends while the page is still joining has ended.
    const desktopDone = new Promise((ok) => desktop.on('exit', (code, signal) => ok(code ?? signal)));
    // What the desktop game says is kept (artifacts/online-desktop.log) and, if it fails,
    // its last lines are in the report.
    let said = '';
    const keep = (d) => { said += d; };
    t.later(() => {
      if (desktop.exitCode === null) desktop.kill();
      fs.writeFileSync(artifact('online-desktop.log'), said);
    });
    desktop.stdout.on('data', keep);
    desktop.stderr.on('data', keep);
    const desktopRoom = await new Promise((ok, fail) => {
      let text = '';
      const look = (d) => {
        text += d;
        const m = text.match(/"signal":"room","code":"(\w+)"/);
        if (m) ok(m[1]);
      };
      desktop.stdout.on('data', look);
      desktop.stderr.on('data', look);
      desktop.on('exit', (code) => fail(new Error(`the desktop game exited (${code}) before opening a table`)));
      setTimeout(() => fail(new Error('the desktop game opened no table in 120 s')), 120_000);
    });
    const seatedC = c.next('seated', 120_000);
    await c.goto(`${address}/r/${desktopRoom}?name=Cleo&speed=instant`);
    await seatedC;
    await c.waitForTimeout(5000);
    await shot(c, 'with-desktop-c');
    const exit = await Promise.race([desktopDone, new Promise((ok) => setTimeout(() => ok('timeout'), 300_000))]);
    // Known and not yet understood (issue noted in the closing note of 2026-12-01): now and
    // then the desktop game, online, saves its screenshot with every check passed and then
    // does not exit. The table it drew is what this test is about: that is checked, and
    // the hang is reported, not hidden.
    const drewTable = said.includes('Screenshot saved to') && /"failures": \[\]/.test(said);
    if (exit === 'timeout' && drewTable) {
      // What was still running, for whoever looks into it.
      report.desktop_hung_after_its_screenshot = execSync(
        'ps -eo pid,ppid,stat,wchan:24,etime,args --forest | grep -E "ludo|Xvfb|xvfb" | grep -v grep || true',
      ).toString().split('\n').filter(Boolean);
      console.warn('online browser test: the desktop game drew the table, passed its checks, then did not exit (killed)');
    } else if (exit !== 0) {
      const last = said.trim().split('\n').slice(-8).join('\n    ');
      t.fail(`the desktop game's screenshot run ended with ${exit}; it last said:\n    ${last}`);
    }
  } else {
    t.fail('LUDO_GAME names the desktop game binary (make test sets it)');
  }
  await longGame();
  await twoNodes();
  // Each page's sockets as the browser saw them.
  report.pages = Object.fromEntries(t.pages().map((p) => [p.who,
    p.lines.map((l) => l.text).filter((l) => /^(websocket|page):/.test(l))]));
}, (report) => `online browser test: two devices played room ${report.code} to the results ` +
  `(each checked its dice: ${report.dice_checked.join(', ')}); ` +
  `one left mid-game and came back to its seat; a desktop game and a page shared a table; ` +
  `a page reopened at event ${report.long_game.reopened_at_event} of a ${report.long_game.events}-event game ` +
  `came back to its seat and rolled for it; a page that asked node 2 for node 1's room sat at it there`);
