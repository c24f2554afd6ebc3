# Ludo — English. Every message the game shows a player. A translation is a copy of this file
# with the text after each "=" translated; keep the keys and the { $variables } as they are.
# TRANSLATING.md explains the format.

language-name = English
# The script's direction: ltr (left to right) or rtl (right to left).
language-direction = ltr
# The fonts of assets/lang/fonts/ the script needs (space-separated), or none when the
# built-in ones draw it (Latin).
language-font = none

## Seats and players

colour-yellow = yellow
colour-blue = blue
colour-red = red
colour-green = green
colour-purple = purple
colour-orange = orange
level-random = random
level-easy = easy
level-normal = normal
level-hard = hard
level-expert = expert
# A CPU seat's name, e.g. "CPU (hard)".
cpu-name = CPU ({ $level })
plate-cpu = CPU
# A new person's name in the setup.
player-default-name = Player { $n }
# A person who gave no name.
player-unnamed = Player
# A seat as the log and the prompts name it, e.g. "red Ana".
seat-name = { $colour } { $player }

## Main menu

menu-tagline = 2 to 6 players · people and CPUs · every house rule
menu-continue = Continue
menu-new-table = New table
menu-rules = Rules
menu-profiles = Profiles
menu-past-games = Past games
menu-settings = Settings
menu-quit = Quit

## Settings

settings-title = Settings
settings-cpu-speed = CPU speed
settings-animation = Animation
settings-theme = Theme
settings-language = Language
settings-auto-move = Play a single legal move by itself
settings-master-volume = Master volume (dB)
settings-effects-volume = Effects volume (dB)
settings-music-volume = Music volume (dB)
settings-mute = Mute
settings-fullscreen = Fullscreen
settings-text-size = Text size
settings-percent = { $n } %
settings-high-contrast = High contrast (white on black)
settings-reduced-motion = Reduced motion (nothing tumbles, hops or flashes)
speed-slow = slow
speed-normal = normal
speed-fast = fast
speed-instant = instant

## The table (HUD)

hud-new-table = New table…
# What happened, said as sentences on one line: the full stop that ends each (unless it ends
# with a mark of its own) and what goes between them ({" "}: a space; {""}: nothing).
sentence-stop = .
sentence-gap = {" "}
hud-house-rules = House rules: { $rules }
hud-at-goal = { $n }/4 home
hud-cpu-plays-for = CPU plays for { $name }
hud-time-left = { $secs ->
    [one] 1 second left in this turn
   *[other] { $secs } seconds left in this turn
}
hud-die = Die: { $face }
hud-log = Log
hud-hint = Hint
hud-hint-given = Hint: piece { $piece } is best, { $points } points of win chance better than the next move.
hud-hint-even = Hint: piece { $piece } is best; the other moves are nearly as good.
plate-cpu-plays = CPU plays
plate-with-partner = with { $partner }
plate-reconnecting = reconnecting…
choose-title = Which piece?
choose-marked = The marked piece moves.
choose-move = Move it
choose-other = Other piece
hud-rules = Rules
hud-pause = Pause (Esc)
hud-pause-touch = Pause
prompt-wins = { $who } wins!
prompt-pair-wins = { $who } and { $partner } win!
prompt-for-partner = { $who } is home and plays { $partner }'s pieces
prompt-thinking = { $who } is thinking…
prompt-roll-off = { $who }: roll for first player (click the die or press Space)
prompt-roll = { $who }: roll the die (click it or press Space)
prompt-release = { $who }: press the die to bring a piece out
prompt-move = { $who }: you rolled { $roll } — pick a glowing piece (click it, press 1–{ $moves }, or Tab and Enter)
prompt-roll-off-touch = { $who }: roll for first player (tap the die)
prompt-roll-touch = { $who }: tap the die to roll
prompt-move-touch = { $who }: you rolled { $roll } — tap a glowing piece

## What happened (the log)

log-new-game = A new game begins.
log-rolls = { $who } rolls { $value }
log-rolls-first = { $who } rolls { $value } for first player
log-starts = { $who } starts
log-cannot-move = { $who } cannot move
log-captures = { $who } captures a piece of { $victim }!
log-home = { $who } brings a piece home
log-three-sixes = Three sixes: { $who }'s turn ends
log-extra-roll = Extra roll for { $who } ({ $why })
why-six = a six
why-capture = a capture
why-goal = reaching the goal
why-retry = another try
# Joins reasons: "a six, a capture".
list-separator = {", "}
log-finishes = { $who } finishes, place { $place }

## Pause

pause-title = Paused
pause-resume = Resume (Esc)
pause-resume-touch = Resume
pause-leave-seat = { $name } leaves (the CPU plays)
pause-take-seat = { $name } takes the seat back
pause-rules = Rules
pause-restart = Restart this table
pause-new-table = New table…
pause-to-menu = Leave to the menu
pause-quit = Quit

## Results

results-title = Results
results-rank = Rank
results-seat = Seat
results-at-goal = At goal
results-out-of-base = Out of base
results-progress = Progress
results-rating = Rating
results-shared = { $rank } (shared)
results-story = The game in numbers
results-captures-made = Captures made
results-captures-suffered = Captures suffered
results-sixes = Sixes
dice-title = The dice
dice-rolls = Rolls
dice-all = All
dice-fair-each = Fair dice: { $each } of each face
dice-verdict-random = as random as dice get
dice-verdict-unusual = unusual, but fair dice do it about one game in { $n }
dice-verdict-few = too few rolls to tell
dice-p = chi-square { $chi }, p = { $p }
dice-checked-fair = Dice checked on this device: fair.
dice-checked-local = Dice checked on this device: fair (this device's own seed).
dice-sealed-by = Sealed by the server and { $devices ->
    [one] one player's device
   *[other] { $devices } players' devices
}.
dice-sealed-alone = Sealed by the server alone: no player's device was at the table.
dice-left-out = { $left ->
    [one] One device's share did not come in time and was left out.
   *[other] { $left } devices' shares did not come in time and were left out.
}
dice-sealing = Sealing the dice…
dice-left-out-one = left out
dice-promises = The promises (SHA-256)
dice-promise-server = Server
past-dice = Your dice over your last { $games } games
past-luck = Your luck and play over { $games } games
past-luck-sum = Your dice luck, summed game after game: { $points } points of win chance. Fair dice keep it wandering round zero.
past-luck-adjusted = Result less luck: { $rate }% won, ± { $margin } (95%).
past-luck-adjusted-later = The result less luck shows after { $games } games analysed.
past-error-trend = Error rate: { $old } in the older games, { $new } in the newer.
results-turns = Turns
results-play-again = Play again
results-change-table = Change the table…
results-review = Review the game
results-link = Anyone can review this game at { $link }
results-luck-good = Lucky dice: { $points } points of win chance
results-luck-bad = Tough dice: { $points } points of win chance
results-luck-even = Even dice: { $points } points of win chance
results-analysing = Weighing the dice and the moves…
results-play = { $mistakes ->
    [0] No mistakes
    [one] One mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [0] no blunders
    [one] one blunder
   *[other] { $blunders } blunders
} · error rate { $rate }
results-worst-move = Your worst move
results-hints = Hints asked: { $hints }
results-luck = Dice luck
results-luck-own = Own throws
results-luck-adjusted = Result less luck
results-decisions = Decisions
results-inaccuracies = Inaccuracies
results-mistakes = Mistakes
results-blunders = Blunders
results-error-rate = Error rate
analysis-title = Luck and play
analysis-best = Best move
analysis-good = Good move
analysis-inaccuracy = Inaccuracy
analysis-mistake = Mistake
analysis-blunder = Blunder
analysis-played-best = { $class }: the best move was played.
analysis-better = { $mark }{ $class }: { $points } points of win chance given away. Piece { $piece } was better: { $best } against { $played }.

## Table setup

setup-title = New table
setup-seats = Seats
setup-empty = Empty
setup-person = Person
setup-cpu = CPU
setup-fill = Fill empty seats with CPUs
setup-turn-limit = Turn time limit
setup-no-limit = none
setup-seconds = { $secs } s
setup-presets = House-rule presets:
setup-house-rules = House rules
setup-reset = Reset to standard
setup-not-standard = not standard
setup-start = Start
setup-need-seats = A table needs 2 to 6 seats.
setup-partners-need-four = Partners play at four seats.
setup-ranked = Ranked game
setup-not-ranked = Not ranked: { $why }

# The shipped house-rule presets (assets/rules/NAME.ron), named and described in every
# language. A preset file not named here shows its file name and its own comment lines.
preset-standard = standard
preset-standard-about = The standard game of the rule book: out on a 6, three sixes end the turn, an extra roll for a capture, starts and stars are safe, blocks of two, exact finish, first home wins.
preset-by-player-count = by player count
preset-by-player-count-about = The standard game, with only the seated arms drawn: a horizontal board for two, a T for three, the cross for four.
preset-relaxed = relaxed
preset-relaxed-about = A shorter game: out on a 1 or a 6, a seat with nothing in play may roll up to three times, an extra roll for reaching the goal, and a roll past the goal still counts.
preset-quick = quick
preset-quick-about = Ludo STAR's quick game: the first piece home wins, and a seat's pieces go round again until that seat has captured.
preset-master = master
preset-master-about = All four pieces home to win, but a seat's pieces go round again, past their home column, until that seat has captured.
preset-partners = partners
preset-partners-about = Two against two: the seats across the board play together, never capture each other and share squares; a player whose pieces are home plays on with the partner's; the pair wins when both are home.
preset-gentle = gentle
preset-gentle-about = For young players: no blocks, every start and star is safe, out on a 5 or a 6, and no limit on sixes in a row.
preset-tournament = tournament
preset-tournament-about = A full ranking: everyone rolls to see who starts, and play goes on until every place is decided.

## House rules (the setup and the rule book)

rule-board = Board
rule-exit-numbers = Leave base on
rule-no-piece-in-play = No piece in play
rule-three-sixes = Three sixes end the turn
rule-extra-roll-on-capture = Extra roll on capture
rule-extra-roll-on-goal = Extra roll on reaching the goal
rule-safe-squares = Safe squares
rule-impassable = Impassable squares
rule-exact-finish = Exact roll to finish
rule-pieces-to-win = Pieces home to win
rule-capture-before-home = Capture before going home
rule-teams = Partners
rule-team-blocks = A partner's piece and yours make a block
rule-team-wins = The pair wins when
rule-rank-all = Rank all players
rule-rotate-first-player = Next game: next seat starts
rule-first-player = First player
choice-on = on
choice-off = off
choice-or = { $a } or { $b }
rule-board-always-cross = always the cross
rule-board-by-player-count = by player count
rule-no-piece-in-play-normal = roll as usual
rule-no-piece-in-play-release-without-rolling = release without rolling
rule-no-piece-in-play-up-to-three-rolls = up to three rolls
rule-safe-squares-starts-and-stars = starts and stars
rule-safe-squares-starts-only = starts only
rule-safe-squares-none = none
rule-impassable-blocks-of-two = blocks of two
rule-impassable-none = none
rule-impassable-no-overtaking = no overtaking
rule-first-player-first-seat = the first seat
rule-first-player-roll-off = a roll-off
rule-teams-none = each for themself
rule-teams-pairs = seats across play together
rule-team-wins-both-home = both are home
rule-team-wins-one-home = one of them is home

## Rule book

book-title = Rules
book-how = How to play
book-how-1 = Two to six players each have four pieces waiting in their base, the big yard of their colour. Four play on the cross; five and six on a board with an arm for each seat.
book-how-2 = On your turn, roll the die and move one of your pieces that many squares clockwise. If no piece can move, the roll is spent.
book-how-3 = A piece leaves base onto its start square only with the exit number; that uses the whole roll.
book-how-4 = A 6 gives another roll. Three 6s in a row end the turn at once (a house rule).
book-how-5 = End your move exactly on an opponent's lone piece on a square that is not safe, and it goes back to its base; you roll again.
book-how-6 = Two pieces of one colour on a square form a block: no opponent may pass it or land on it.
book-how-7 = After a full lap a piece turns into its own home column, where no one else may go, and walks on to the goal in the centre.
book-how-8 = The first player to bring all four pieces to the goal wins. The others are ranked by pieces at the goal, pieces out of base, then how far those pieces have walked.
book-star = a star
book-block = a block
book-home-column = a home column
book-table-rules = House rules at this table
book-standard = standard
book-not-standard = not standard (standard: { $standard })
book-glossary = Glossary
word-base = Base
word-base-means = the corner yard where your pieces wait, and where captured pieces return
word-start = Start
word-start-means = the square of your colour where a piece leaves base
word-track = Track
word-track-means = the loop of squares every piece walks around
word-star = Star
word-star-means = the square eight steps after each start; a safe square
word-safe = Safe square
word-safe-means = a square where no piece can be captured
word-block = Block
word-block-means = two or more pieces of one colour on a square
word-home-column = Home column
word-home-column-means = the five squares of your colour leading to the goal
word-goal = Goal
word-goal-means = the centre of the board
word-exit = Exit number
word-exit-means = the roll that lets a piece leave base
word-extra-roll = Extra roll
word-extra-roll-means = another roll in the same turn, for a 6 or a capture
book-questions = Questions
faq-leave = How do I leave base?
faq-leave-answer = Roll the exit number (a 6 unless the table chose otherwise). Without it, your turn ends without a move.
faq-capture = How do I capture?
faq-capture-answer = Land exactly on an opponent's lone piece on a square that is not safe. It goes back to its base and you roll again.
faq-safe = Are there squares where I am safe?
faq-safe-answer = Yes: the starts and the stars. And no opponent can pass or land on two of your pieces standing together.
faq-exact = Do I need the exact number to reach the goal?
faq-exact-answer = Yes, by default: a roll that would carry a piece past the goal cannot move it.

## Profiles

profiles-title = Profiles
profiles-explain = A game is ranked when the house rules are the standard game and every person at the table has a profile (CPUs always have one).
profiles-name = Name
profiles-rating = Rating
profiles-games = Games
profiles-wins = Wins
profiles-mean-rank = Mean rank
profiles-none = No profiles yet.
profiles-name-hint = name
profiles-add = Add profile
profile-error-empty = a profile needs a name
profile-error-cpu-name = "{ $name }" is a CPU's name
profile-error-taken = there is already a profile called "{ $name }"
ranked-not-standard = house rules are not the standard game
ranked-same-seat = two seats are { $name }
ranked-no-profile = { $name } has no profile

## Problems shown to players

theme-problem-title = Theme problem
dismiss = Dismiss
notice-ratings-not-saved = Could not save the ratings: { $error }

## Online tables
menu-online = Play online
menu-back-online = Back to table { $code }
online-title = Play online
online-name = Your name
online-server = Server
online-create = Create a table
online-create-about = With the seats and house rules of New table; each person's seat is open for a friend.
online-code = Table code
online-join = Join
online-connecting = Connecting…
online-reconnecting = Connection lost — reconnecting…
online-invite = Friends join with this code, or by opening this link:
online-copy = Copy link
online-seat-open = open — waiting for a friend
online-seat-empty = empty
online-you = (you)
online-host = (host)
online-away = away — the CPU plays
online-start = Start
online-leave = Leave the table
online-waiting-host = Waiting for the host to start…
online-your-turn = Your turn!
online-turn-of = { $who } to play
online-refused-room-full = That table is full.
online-refused-game-started = That table's game has already started.
online-refused-no-such-room = There is no table with that code.
online-refused-version = This Ludo and the server are different versions; update the game.
online-refused-full = The server has no room for another table right now.
online-refused-bad-token = That seat is no longer yours.
online-refused-not-enough-players = At least two players are needed to start.
online-refused-partners-four = Partners play with four at the table: wait until all four seats are taken.
online-refused-other = The server said no: { $detail }
online-unreachable = The server cannot be reached.
online-bad-code = A table code has 8 letters and digits, like K7X9-PQTA.

# What a screen reader hears (the browser's live region): each move, and the moves to choose from.
say-enters = { $who } brings piece { $piece } out of base
say-moves = { $who } moves piece { $piece } from { $from } to { $to }
say-base = base
say-goal = the goal
say-square = square { $n }
say-home-column = home column { $n }
say-option = { $n }: piece { $piece }, { $from } to { $to }
say-option-capture = { $n }: piece { $piece }, { $from } to { $to }, capturing { $victim }
say-choose = Moves to choose from, 1 to { $count }: { $moves }.
say-board = Ludo board. What happens and your choices are read out: press Space to roll, and a number to move.
say-widget = { $label }
say-widget-button = { $label }, button
say-widget-checkbox = { $label }, checkbox, { $state }
say-widget-choice = { $label }, { $state }
say-widget-list = { $label }, list
say-widget-slider = { $label }, slider, { $state }
say-widget-text = { $label }, text field
say-widget-section = { $label }, section
say-checked = checked
say-unchecked = not checked
say-chosen = chosen
say-not-chosen = not chosen

# The review of a finished game, and the past games
review-title = Review
review-close = Back
review-where = Step { $step } of { $steps } · turn { $turn }
review-start = The game begins.
review-back = Step back
review-forward = Step forward
review-play = Play
review-pause = Pause
review-next-capture = Next capture
review-next-six = Next six
review-next-mistake = Next mistake
review-try-again = Try it again
review-hints = Hints were asked in this game: { $who }
review-chart-win = Chance to win after each turn
review-chart-place = Expected place after each turn
review-chart-loading = Rating the game…
review-place = place { $place }
review-moments = Moments
review-no-moments = No turn moved anyone's chances much.
review-moment = Turn { $turn }: { $what } — { $who } { $before } → { $after }
review-moment-cause = { $moment } ({ $cause })
review-cause-dice = the dice
review-cause-play = a decision
review-dice-local = The dice came from a seed on this device ({ $seed }), and its die rolls all { $rolls } rolls of the game.
review-dice-no-seed = This record has no seed: its dice cannot be checked.
review-dice-fair = Dice checked on this device: the seed's SHA-256 is the hash sent before the first roll, and its die rolls all { $rolls } rolls of the game.
review-dice-bad-seed = Dice check FAILED: the revealed seed's SHA-256 is not the hash sent before the first roll.
review-dice-bad-roll = Dice check FAILED: step { $step } rolled { $got }, but the promised die rolls { $expected } there.
review-dice-unplayable = Dice check FAILED: the game does not replay ({ $error }).
review-dice-sealed-fair = Dice checked on this device: the server's secret and { $shares } players' secrets are the ones promised before the first roll, and the die they seal rolls all { $rolls } rolls of the game.
review-dice-bad-share = Dice check FAILED: the secret revealed for seat { $seat } is not the one its device promised.
review-dice-not-a-secret = Dice check FAILED: a secret in this file is not 64 hex digits.
past-title = Past games
past-none = No finished games yet. Every game you finish here or online is kept here (the last 100).
past-exported = Exported to { $path }
past-review = Review
past-export = Export
past-open-file = Open a game file…
past-online = online
past-here = on this device
past-cpu = CPU ({ $level })
past-place = { $place }. { $name }

# Reactions at an online table (preset: each reader sees them in their own words).
hud-react = Reactions
react-title = React
react-mute = Hide { $name }'s reactions
say-reacted = { $who }: { $what }
reaction-thumbs-up = thumbs up
reaction-laugh = laughing
reaction-wow = wow
reaction-sad = sad
reaction-heart = heart
reaction-good-game = Good game
reaction-nice-roll = Nice roll!
reaction-oops = Oops
reaction-hurry-up = Hurry up
reaction-well-played = Well played
reaction-thanks = Thanks

# Quick play: a table with anyone, the nearest ratings first.
menu-quick-play = Quick play
quick-title = Quick play:
quick-seats = { $seats } players
quick-about = Play with anyone: people of a rating near yours first; after 20 seconds CPUs take the seats nobody came for.
quick-looking = Looking for a table of { $seats }…
quick-waiting = { $n ->
    [one] { $n } player waiting
   *[other] { $n } players waiting
}
quick-cancel = Cancel
menu-leaderboard = Leaderboard
leaderboard-about = The room server's best ratings from ranked games (every seat a person, the standard rules); a player shows after { $n } of them.
leaderboard-you = You are number { $place }, with { $rating }.
leaderboard-not-yet = You are not on it yet: it takes { $n } ranked games.
leaderboard-none = Nobody yet.
