# Ludo — Filipino (Tagalog).

language-name = Filipino
language-direction = ltr
language-font = none

## Seats and players

colour-yellow = dilaw
colour-blue = asul
colour-red = pula
colour-green = berde
colour-purple = lila
colour-orange = kahel
level-random = random
level-easy = madali
level-normal = karaniwan
level-hard = mahirap
level-expert = eksperto
cpu-name = CPU ({ $level })
plate-cpu = CPU
player-default-name = Manlalaro { $n }
player-unnamed = Manlalaro
seat-name = { $player } ({ $colour })

## Main menu

menu-tagline = 2 hanggang 6 na manlalaro · tao at CPU · lahat ng lokal na tuntunin
menu-continue = Ituloy
menu-new-table = Bagong mesa
menu-rules = Mga patakaran
menu-profiles = Mga profile
menu-past-games = Mga nakaraang laro
menu-settings = Mga setting
menu-quit = Lumabas

## Settings

settings-title = Mga setting
settings-cpu-speed = Bilis ng CPU
settings-animation = Animasyon
settings-theme = Tema
settings-language = Wika
settings-auto-move = Kusang gawin ang nag-iisang puwedeng galaw
settings-master-volume = Pangunahing lakas ng tunog (dB)
settings-effects-volume = Lakas ng mga epekto (dB)
settings-music-volume = Lakas ng musika (dB)
settings-mute = I-mute
settings-fullscreen = Buong screen
settings-text-size = Laki ng teksto
settings-percent = { $n } %
settings-high-contrast = Mataas na contrast (puti sa itim)
settings-reduced-motion = Bawas na galaw (walang gumugulong, lumulukso o kumikislap)
speed-slow = mabagal
speed-normal = karaniwan
speed-fast = mabilis
speed-instant = agad

## The table (HUD)

hud-new-table = Bagong mesa…
sentence-stop = .
sentence-gap = {" "}
hud-house-rules = Lokal na tuntunin: { $rules }
hud-at-goal = { $n }/4 nasa dulo
hud-cpu-plays-for = Ang CPU ang maglalaro para kay { $name }
hud-time-left = { $secs ->
    [one] 1 segundo na lang sa turnong ito
   *[other] { $secs } segundo na lang sa turnong ito
}
hud-die = Dais: { $face }
hud-log = Talaan
hud-hint = Pahiwatig
hud-hint-given = Pahiwatig: pinakamahusay ang piyesa { $piece }, { $points } puntos ng tsansang manalo na mas mabuti kaysa sa susunod na galaw.
hud-hint-even = Pahiwatig: pinakamahusay ang piyesa { $piece }; halos kasinghusay ang ibang galaw.
plate-cpu-plays = CPU ang naglalaro
plate-with-partner = kakampi ng { $partner }
plate-reconnecting = kumokonekta muli…
choose-title = Aling piyesa?
choose-marked = Ang may markang piyesa ang gagalaw.
choose-move = Igalaw
choose-other = Ibang piyesa
hud-rules = Mga patakaran
hud-pause = I-pause (Esc)
hud-pause-touch = I-pause
prompt-wins = Panalo si { $who }!
prompt-pair-wins = Panalo sina { $who } at { $partner }!
prompt-for-partner = Nakauwi na si { $who } at naglalaro siya ng mga piyesa ni { $partner }
prompt-thinking = Nag-iisip si { $who }…
prompt-roll-off = { $who }: maghagis para sa unang turno (i-click ang dais o pindutin ang Space)
prompt-roll = { $who }: maghagis ng dais (i-click ito o pindutin ang Space)
prompt-release = { $who }: pindutin ang dais para maglabas ng piyesa
prompt-move = { $who }: { $roll } ang hagis mo — pumili ng kumikinang na piyesa (i-click, pindutin ang 1–{ $moves }, o Tab at Enter)
prompt-roll-off-touch = { $who }: maghagis para sa unang turno (i-tap ang dais)
prompt-roll-touch = { $who }: i-tap ang dais para maghagis
prompt-move-touch = { $who }: { $roll } ang hagis mo — i-tap ang kumikinang na piyesa

## What happened (the log)

log-new-game = Nagsimula ang bagong laro.
log-rolls = Naghagis si { $who } ng { $value }
log-rolls-first = Naghagis si { $who } ng { $value } para sa unang turno
log-starts = Si { $who } ang mauuna
log-cannot-move = Walang galaw si { $who }
log-captures = Nakuha ni { $who } ang piyesa ni { $victim }!
log-home = Nakarating sa dulo ang piyesa ni { $who }
log-three-sixes = Tatlong 6: tapos ang turno ni { $who }
log-extra-roll = Isa pang hagis para kay { $who } ({ $why })
why-six = 6 ang hagis
why-capture = may nakuha
why-goal = nakarating sa dulo
why-retry = isa pang subok
list-separator = {", "}
log-finishes = Tapos na si { $who }, ika-{ $place } na puwesto

## Pause

pause-title = Naka-pause
pause-resume = Ituloy (Esc)
pause-resume-touch = Ituloy
pause-leave-seat = Aalis si { $name } (ang CPU ang maglalaro)
pause-take-seat = Babalik si { $name } sa upuan
pause-rules = Mga patakaran
pause-restart = Ulitin ang mesang ito
pause-new-table = Bagong mesa…
pause-to-menu = Bumalik sa menu
pause-quit = Lumabas

## Results

results-title = Resulta
results-rank = Ranggo
results-seat = Upuan
results-at-goal = Nasa dulo
results-out-of-base = Labas sa base
results-progress = Layo
results-rating = Rating
results-shared = { $rank } (tabla)
results-story = Ang laro sa mga numero
results-captures-made = Nakuha
results-captures-suffered = Nakuhaan
results-sixes = Mga 6
dice-title = Ang dice
dice-rolls = Hagis
dice-all = Lahat
dice-fair-each = Patas na dice: { $each } sa bawat mukha
dice-verdict-random = kasing-random ng dice
dice-verdict-unusual = hindi karaniwan, pero ginagawa ito ng patas na dice mga isang laro sa { $n }
dice-verdict-few = kulang ang hagis para masabi
dice-p = chi-square { $chi }, p = { $p }
dice-checked-fair = Nasuri ang dice sa device na ito: patas.
dice-checked-local = Nasuri ang dice sa device na ito: patas (sariling seed ng device na ito).
dice-sealed-by = Tinakan ng server at ng { $devices ->
    [one] device ng isang manlalaro
   *[other] mga device ng { $devices } manlalaro
}.
dice-sealed-alone = Tinakan ng server lamang: walang device ng manlalaro sa mesa.
dice-left-out = { $left ->
    [one] Hindi dumating sa oras ang bahagi ng isang device at hindi ito isinama.
   *[other] Hindi dumating sa oras ang bahagi ng { $left } device at hindi isinama.
}
dice-sealing = Tinatakan ang dice…
dice-left-out-one = hindi isinama
dice-promises = Ang mga pangako (SHA-256)
dice-promise-server = Server
past-dice = Ang dice mo sa huling { $games } laro mo
past-luck = Ang suwerte at laro mo sa { $games } laro
past-luck-sum = Ang suwerte ng dais mo, pinagsama bawat laro: { $points } puntos ng tsansang manalo. Sa patas na dais, umiikot ito sa sero.
past-luck-adjusted = Resulta bawas ang suwerte: { $rate }% panalo, ± { $margin } (95%).
past-luck-adjusted-later = Lalabas ang resulta bawas ang suwerte pagkatapos ng { $games } larong nasuri.
past-error-trend = Antas ng mali: { $old } sa mas lumang laro, { $new } sa mas bago.
results-turns = Mga turno
results-play-again = Maglaro muli
results-change-table = Baguhin ang mesa…
results-review = Balikan ang laro
results-link = Mababalikan ng sinuman ang larong ito sa { $link }
results-luck-good = Masuwerteng dais: { $points } puntos ng tsansang manalo
results-luck-bad = Malas na dais: { $points } puntos ng tsansang manalo
results-luck-even = Patas na dais: { $points } puntos ng tsansang manalo
results-analysing = Tinitimbang ang dais at ang mga galaw…
results-play = { $mistakes ->
    [0] Walang mali
   *[other] { $mistakes } mali
}, { $blunders ->
    [0] walang malaking mali
   *[other] { $blunders } malaking mali
} · antas ng mali { $rate }
results-worst-move = Ang pinakamasama mong galaw
results-hints = Mga pahiwatig na hiningi: { $hints }
results-luck = Suwerte sa dais
results-luck-own = Sariling hagis
results-luck-adjusted = Resulta bawas suwerte
results-decisions = Mga pasya
results-inaccuracies = Di-tumpak
results-mistakes = Mali
results-blunders = Malaking mali
results-error-rate = Antas ng mali
analysis-title = Suwerte at laro
analysis-best = Pinakamahusay na galaw
analysis-good = Magandang galaw
analysis-inaccuracy = Di-tumpak
analysis-mistake = Mali
analysis-blunder = Malaking mali
analysis-played-best = { $class }: ang pinakamahusay na galaw ang nilaro.
analysis-better = { $mark }{ $class }: { $points } puntos ng tsansang manalo ang nawala. Mas mabuti ang piyesa { $piece }: { $best } laban sa { $played }.

## Table setup

setup-title = Bagong mesa
setup-seats = Mga upuan
setup-empty = Bakante
setup-person = Tao
setup-cpu = CPU
setup-fill = Punan ng CPU ang mga bakanteng upuan
setup-turn-limit = Oras bawat turno
setup-no-limit = wala
setup-seconds = { $secs } s
setup-presets = Mga nakahandang tuntunin:
setup-house-rules = Mga lokal na tuntunin
setup-reset = Ibalik sa karaniwan
setup-not-standard = hindi karaniwan
setup-start = Simulan
setup-need-seats = Kailangan ng mesa ang 2 hanggang 6 na upuan.
setup-partners-need-four = Apat na upuan ang kailangan ng magkakampi.
setup-ranked = Larong may ranggo
setup-not-ranked = Walang ranggo: { $why }

preset-standard = pamantayan
preset-standard-about = Ang karaniwang laro ng aklat ng tuntunin: lumalabas sa 6, tapos ang turno sa tatlong 6, isa pang hagis kapag may nakuha, ligtas ang mga simula at bituin, hindi malalampasan ang dalawang magkasama, eksaktong bilang sa dulo, panalo ang unang makauwi.
preset-by-player-count = ayon sa dami ng tao
preset-by-player-count-about = Ang karaniwang laro, iginuguhit lang ang mga braso ng mga nakaupo: pahalang na board para sa dalawa, hugis T para sa tatlo, krus para sa apat.
preset-relaxed = maluwag
preset-relaxed-about = Mas maikling laro: lumalabas sa 1 o 6, ang upuang walang piyesa sa daan ay puwedeng maghagis hanggang tatlong beses, isa pang hagis kapag nakarating sa dulo, at bilang pa rin ang hagis na lampas sa dulo.
preset-quick = mabilis
preset-quick-about = Ang mabilis na laro ng Ludo STAR: panalo ang unang piyesang makauwi, at umiikot ulit ang mga piyesa ng upuan hanggang may makain ito.
preset-master = maestro
preset-master-about = Panalo ang makapag-uwi ng apat na piyesa, pero umiikot ulit ang mga piyesa ng upuan, lampas sa daan pauwi, hanggang may makain ito.
preset-partners = magkakampi
preset-partners-about = Dalawa laban sa dalawa: magkakampi ang magkaharap, hindi sila nagkakainan at puwedeng magsalo sa isang parisukat; ang nakauwi na ay naglalaro ng mga piyesa ng kakampi; panalo ang pares kapag parehong nakauwi.
preset-gentle = magaan
preset-gentle-about = Para sa mga bata: walang harang, ligtas ang lahat ng simula at bituin, lumalabas sa 5 o 6, at walang hangganan ang sunod-sunod na 6.
preset-tournament = torneo
preset-tournament-about = Buong ranggo: naghahagis ang lahat para malaman kung sino ang mauuna, at tuloy ang laro hanggang matukoy ang bawat puwesto.

## House rules (the setup and the rule book)

rule-board = Board
rule-exit-numbers = Lumabas sa base kapag
rule-no-piece-in-play = Walang piyesa sa daan
rule-three-sixes = Tapos ang turno sa tatlong 6
rule-extra-roll-on-capture = Isa pang hagis kapag may nakuha
rule-extra-roll-on-goal = Isa pang hagis kapag nakarating sa dulo
rule-safe-squares = Mga ligtas na square
rule-impassable = Mga square na hindi malalampasan
rule-exact-finish = Eksaktong bilang sa dulo
rule-pieces-to-win = Piyesang kailangang makauwi para manalo
rule-capture-before-home = Kailangang may makain bago umuwi
rule-teams = Magkakampi
rule-team-blocks = Harang ang piyesa mo at ng kakampi
rule-team-wins = Panalo ang pares kapag
rule-rank-all = Tukuyin ang lahat ng ranggo
rule-rotate-first-player = Sa susunod na laro, ang susunod na upuan ang mauuna
rule-first-player = Unang turno
choice-on = bukas
choice-off = patay
choice-or = { $a } o { $b }
rule-board-always-cross = laging krus
rule-board-by-player-count = ayon sa dami ng tao
rule-no-piece-in-play-normal = maghagis gaya ng dati
rule-no-piece-in-play-release-without-rolling = maglabas nang hindi naghahagis
rule-no-piece-in-play-up-to-three-rolls = hanggang tatlong hagis
rule-safe-squares-starts-and-stars = simula at bituin
rule-safe-squares-starts-only = simula lang
rule-safe-squares-none = wala
rule-impassable-blocks-of-two = dalawang magkasama
rule-impassable-none = wala
rule-impassable-no-overtaking = bawal lumampas
rule-first-player-first-seat = ang unang upuan
rule-first-player-roll-off = paligsahan ng hagis
rule-teams-none = kanya-kanya
rule-teams-pairs = magkakampi ang magkaharap
rule-team-wins-both-home = parehong nakauwi
rule-team-wins-one-home = nakauwi ang isa

## Rule book

book-title = Mga patakaran
book-how = Paano maglaro
book-how-1 = Dalawa hanggang anim na manlalaro, bawat isa ay may apat na piyesang naghihintay sa base, ang malaking bakuran na may sariling kulay. Apat ang naglalaro sa krus; lima at anim sa board na may braso para sa bawat upuan.
book-how-2 = Sa iyong turno, maghagis ng dais at isulong ang isa sa iyong mga piyesa nang ganoong dami ng square, pakanan gaya ng orasan. Kung walang piyesang makagagalaw, sayang ang hagis.
book-how-3 = Lumalabas ang piyesa sa base papunta sa simula lang kapag lumabas ang bilang para lumabas; ubos dito ang buong hagis.
book-how-4 = Ang 6 ay nagbibigay ng isa pang hagis. Sa tatlong sunod na 6, tapos agad ang turno (isang lokal na tuntunin).
book-how-5 = Huminto nang eksakto sa nag-iisang piyesa ng kalaban sa square na hindi ligtas, at babalik ito sa base nito; maghagis ka muli.
book-how-6 = Ang dalawang piyesa ng parehong kulay sa isang square ay harang: walang kalabang makalalampas o makahihinto roon.
book-how-7 = Pagkatapos ng isang buong ikot, lumiliko ang piyesa sa sariling daan sa dulo, kung saan walang ibang makapapasok, at tutuloy sa dulo sa gitna.
book-how-8 = Panalo ang unang makapagdala ng apat na piyesa sa dulo. Ang iba ay niraranggo ayon sa piyesang nasa dulo, piyesang labas sa base, at layo ng nilakad ng mga ito.
book-star = bituin
book-block = harang
book-home-column = daan sa dulo
book-table-rules = Mga lokal na tuntunin sa mesang ito
book-standard = karaniwan
book-not-standard = hindi karaniwan (karaniwan: { $standard })
book-glossary = Mga termino
word-base = Base
word-base-means = ang sulok kung saan naghihintay ang iyong mga piyesa, at kung saan bumabalik ang nakuhang piyesa
word-start = Simula
word-start-means = ang square ng iyong kulay kung saan lumalabas ang piyesa mula sa base
word-track = Daan
word-track-means = ang ikot ng mga square na nilalakad ng bawat piyesa
word-star = Bituin
word-star-means = ang square na walong hakbang pagkatapos ng bawat simula; ligtas na square
word-safe = Ligtas na square
word-safe-means = square kung saan walang piyesang nakukuha
word-block = Harang
word-block-means = dalawa o higit pang piyesa ng parehong kulay sa isang square
word-home-column = Daan sa dulo
word-home-column-means = ang limang square ng iyong kulay papunta sa dulo
word-goal = Dulo
word-goal-means = ang gitna ng board
word-exit = Bilang para lumabas
word-exit-means = ang hagis na nagpapalabas ng piyesa mula sa base
word-extra-roll = Isa pang hagis
word-extra-roll-means = dagdag na hagis sa parehong turno, dahil sa 6 o sa pagkuha
book-questions = Mga tanong
faq-leave = Paano lumabas sa base?
faq-leave-answer = Ihagis ang bilang para lumabas (6, maliban kung iba ang pinili ng mesa). Kung wala, tapos ang turno nang walang galaw.
faq-capture = Paano kumuha ng piyesa?
faq-capture-answer = Huminto nang eksakto sa nag-iisang piyesa ng kalaban sa square na hindi ligtas. Babalik ito sa base at maghahagis ka muli.
faq-safe = May mga square bang ligtas ako?
faq-safe-answer = Oo: ang mga simula at mga bituin. At walang kalabang makalalampas o makahihinto sa dalawa mong piyesang magkasama.
faq-exact = Kailangan ba ng eksaktong bilang para makarating sa dulo?
faq-exact-answer = Oo, bilang default: hindi makagagalaw ang piyesa kung lalampas ang hagis sa dulo.

## Profiles

profiles-title = Mga profile
profiles-explain = May ranggo ang laro kapag karaniwan ang mga tuntunin at may profile ang bawat tao sa mesa (laging may profile ang CPU).
profiles-name = Pangalan
profiles-rating = Rating
profiles-games = Laro
profiles-wins = Panalo
profiles-mean-rank = Karaniwang ranggo
profiles-none = Wala pang profile.
profiles-name-hint = pangalan
profiles-add = Magdagdag ng profile
profile-error-empty = kailangan ng pangalan ang profile
profile-error-cpu-name = pangalan ng CPU ang "{ $name }"
profile-error-taken = may profile nang "{ $name }"
ranked-not-standard = hindi karaniwan ang mga tuntunin
ranked-same-seat = dalawang upuan ang kay { $name }
ranked-no-profile = walang profile si { $name }

## Problems shown to players

theme-problem-title = Problema sa tema
dismiss = Isara
notice-ratings-not-saved = Hindi nai-save ang mga rating: { $error }

## Online tables
menu-online = Maglaro online
menu-back-online = Bumalik sa mesa { $code }
online-title = Maglaro online
online-name = Pangalan mo
online-server = Server
online-create = Gumawa ng mesa
online-create-about = Kasama ang mga upuan at house rules ng Bagong mesa; bukas para sa kaibigan ang upuan ng bawat tao.
online-code = Code ng mesa
online-join = Sumali
online-connecting = Kumokonekta…
online-reconnecting = Naputol ang koneksyon — kumokonekta muli…
online-invite = Sumasali ang mga kaibigan gamit ang code na ito, o sa pagbukas ng link na ito:
online-copy = Kopyahin ang link
online-seat-open = bukas — naghihintay ng kaibigan
online-seat-empty = walang laman
online-you = (ikaw)
online-host = (host)
online-away = wala — ang CPU ang naglalaro
online-start = Simulan
online-leave = Umalis sa mesa
online-waiting-host = Hinihintay ang host na magsimula…
online-your-turn = Ikaw na!
online-turn-of = Si { $who } ang maglalaro
online-refused-room-full = Puno na ang mesang iyon.
online-refused-game-started = Nagsimula na ang laro sa mesang iyon.
online-refused-no-such-room = Walang mesa na may ganoong code.
online-refused-version = Magkaiba ang bersyon ng Ludo na ito at ng server; i-update ang laro.
online-refused-full = Wala nang puwang ang server para sa isa pang mesa ngayon.
online-refused-bad-token = Hindi na sa iyo ang upuang iyon.
online-refused-not-enough-players = Kailangan ng hindi bababa sa dalawang manlalaro para magsimula.
online-refused-partners-four = Apat ang naglalaro kapag magkakampi: hintaying mapuno ang apat na upuan.
online-refused-other = Tumanggi ang server: { $detail }
online-unreachable = Hindi maabot ang server.
online-bad-code = May 8 titik at numero ang code ng mesa, gaya ng K7X9-PQTA.

# Ang naririnig ng screen reader (live region ng browser): bawat galaw, at ang mga galaw na mapagpipilian.
say-enters = Inilabas ni { $who } ang piyesa { $piece } mula sa base
say-moves = Iginalaw ni { $who } ang piyesa { $piece } mula { $from } papunta { $to }
say-base = base
say-goal = dulo
say-square = parisukat { $n }
say-home-column = hanay pauwi { $n }
say-option = { $n }: piyesa { $piece }, { $from } papunta { $to }
say-option-capture = { $n }: piyesa { $piece }, { $from } papunta { $to }, makukuha ang piyesa ni { $victim }
say-choose = Mga galaw na mapagpipilian, 1 hanggang { $count }: { $moves }.
say-board = Board ng Ludo. Binabasa ang nangyayari at ang mga pagpipilian mo: pindutin ang Space para maghagis, at isang numero para gumalaw.
say-widget = { $label }
say-widget-button = { $label }, button
say-widget-checkbox = { $label }, checkbox, { $state }
say-widget-choice = { $label }, { $state }
say-widget-list = { $label }, listahan
say-widget-slider = { $label }, slider, { $state }
say-widget-text = { $label }, puwang para sa teksto
say-widget-section = { $label }, seksiyon
say-checked = may tsek
say-unchecked = walang tsek
say-chosen = napili
say-not-chosen = hindi napili

# Ang pagbabalik-tanaw sa natapos na laro, at ang mga nakaraang laro
review-title = Balik-tanaw
review-close = Bumalik
review-where = Hakbang { $step } sa { $steps } · tira { $turn }
review-start = Nagsisimula ang laro.
review-back = Isang hakbang pabalik
review-forward = Isang hakbang pasulong
review-play = I-play
review-pause = I-pause
review-next-capture = Susunod na pagkain
review-next-six = Susunod na anim
review-next-mistake = Susunod na mali
review-try-again = Subukan ulit
review-hints = May humingi ng pahiwatig sa larong ito: { $who }
review-chart-win = Tsansang manalo pagkatapos ng bawat tira
review-chart-place = Inaasahang puwesto pagkatapos ng bawat tira
review-chart-loading = Sinusuri ang laro…
review-place = puwesto { $place }
review-moments = Mahahalagang sandali
review-no-moments = Walang tirang gaanong nagpabago sa tsansa ninuman.
review-moment = Tira { $turn }: { $what } — { $who } { $before } → { $after }
review-moment-cause = { $moment } ({ $cause })
review-cause-dice = ang dais
review-cause-play = isang desisyon
review-dice-local = Galing ang dice sa isang seed sa device na ito ({ $seed }), at ang dice nito ang naghagis ng lahat ng { $rolls } hagis ng laro.
review-dice-no-seed = Walang seed ang record na ito: hindi masusuri ang dice nito.
review-dice-fair = Nasuri ang dice sa device na ito: ang SHA-256 ng seed ay ang hash na ipinadala bago ang unang hagis, at ang dice nito ang naghagis ng lahat ng { $rolls } hagis ng laro.
review-dice-bad-seed = BIGO ang pagsuri sa dice: ang SHA-256 ng ibinunyag na seed ay hindi ang hash na ipinadala bago ang unang hagis.
review-dice-bad-roll = BIGO ang pagsuri sa dice: { $got } ang hinagis sa hakbang { $step }, pero { $expected } ang hagis ng ipinangakong dice roon.
review-dice-unplayable = BIGO ang pagsuri sa dice: hindi maulit ang laro ({ $error }).
review-dice-sealed-fair = Nasuri ang dice sa device na ito: ang lihim ng server at ang mga lihim ng { $shares } manlalaro ay ang mga ipinangako bago ang unang hagis, at ang dice na tinatakan nila ang naghagis ng lahat ng { $rolls } hagis ng laro.
review-dice-bad-share = BIGO ang pagsuri sa dice: ang lihim na ibinunyag para sa upuan { $seat } ay hindi ang ipinangako ng device nito.
review-dice-not-a-secret = BIGO ang pagsuri sa dice: may lihim sa file na ito na hindi 64 na hex digit.
past-title = Mga nakaraang laro
past-none = Wala pang natapos na laro. Dito itinatago ang bawat larong natapos mo rito o online (ang huling 100).
past-exported = Na-export sa { $path }
past-review = Balikan
past-export = I-export
past-open-file = Magbukas ng file ng laro…
past-online = online
past-here = sa device na ito
past-cpu = CPU ({ $level })
past-place = { $place }. { $name }

# Mga reaksyon sa mesa online.
hud-react = Mga reaksyon
react-title = Mag-react
react-mute = Itago ang mga reaksyon ni { $name }
say-reacted = { $who }: { $what }
reaction-thumbs-up = thumbs up
reaction-laugh = tumatawa
reaction-wow = wow
reaction-sad = malungkot
reaction-heart = puso
reaction-good-game = Magandang laro
reaction-nice-roll = Ang ganda ng tira!
reaction-oops = Ay
reaction-hurry-up = Bilisan mo
reaction-well-played = Mahusay ang laro mo
reaction-thanks = Salamat

# Mabilisang laro.
menu-quick-play = Mabilisang laro
quick-title = Mabilisang laro:
quick-seats = { $seats } manlalaro
quick-about = Makipaglaro sa kahit sino: mauuna ang mga may rating na malapit sa iyo; pagkalipas ng 20 segundo, CPU ang uupo sa mga bakanteng upuan.
quick-looking = Naghahanap ng mesa para sa { $seats }…
quick-waiting = { $n ->
    [one] { $n } manlalarong naghihintay
   *[other] { $n } manlalarong naghihintay
}
quick-cancel = Kanselahin
menu-leaderboard = Leaderboard
leaderboard-about = Ang pinakamatataas na rating ng server mula sa mga rated na laro (tao sa bawat upuan, karaniwang patakaran); lalabas ang manlalaro pagkatapos ng { $n } laro.
leaderboard-you = Ikaw ang pang-{ $place }, may { $rating }.
leaderboard-not-yet = Wala ka pa rito: kailangan ng { $n } rated na laro.
leaderboard-none = Wala pang nakalista.
