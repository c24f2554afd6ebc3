# Ludo — Bahasa Indonesia.

language-name = Bahasa Indonesia
language-direction = ltr
language-font = none

## Seats and players

colour-yellow = kuning
colour-blue = biru
colour-red = merah
colour-green = hijau
colour-purple = ungu
colour-orange = oranye
level-random = acak
level-easy = mudah
level-normal = normal
level-hard = sulit
level-expert = ahli
cpu-name = CPU ({ $level })
plate-cpu = CPU
player-default-name = Pemain { $n }
player-unnamed = Pemain
seat-name = { $player } ({ $colour })

## Main menu

menu-tagline = 2 sampai 6 pemain · manusia dan CPU · semua aturan lokal
menu-continue = Lanjutkan
menu-new-table = Meja baru
menu-rules = Aturan
menu-profiles = Profil
menu-past-games = Permainan lalu
menu-settings = Pengaturan
menu-quit = Keluar

## Settings

settings-title = Pengaturan
settings-cpu-speed = Kecepatan CPU
settings-animation = Animasi
settings-theme = Tema
settings-language = Bahasa
settings-auto-move = Jalankan sendiri satu-satunya langkah yang sah
settings-master-volume = Volume utama (dB)
settings-effects-volume = Volume efek (dB)
settings-music-volume = Volume musik (dB)
settings-mute = Bisukan
settings-fullscreen = Layar penuh
settings-text-size = Ukuran teks
settings-percent = { $n } %
settings-high-contrast = Kontras tinggi (putih di atas hitam)
settings-reduced-motion = Kurangi gerakan (tidak ada yang berguling, melompat, atau berkedip)
speed-slow = lambat
speed-normal = normal
speed-fast = cepat
speed-instant = seketika

## The table (HUD)

hud-new-table = Meja baru…
sentence-stop = .
sentence-gap = {" "}
hud-house-rules = Aturan lokal: { $rules }
hud-at-goal = { $n }/4 di finis
hud-cpu-plays-for = CPU bermain untuk { $name }
hud-time-left = Sisa { $secs } detik di giliran ini
hud-die = Dadu: { $face }
hud-log = Catatan
hud-hint = Petunjuk
hud-hint-given = Petunjuk: bidak { $piece } paling baik, { $points } poin peluang menang lebih baik daripada langkah berikutnya.
hud-hint-even = Petunjuk: bidak { $piece } paling baik; langkah lain hampir sama baiknya.
plate-cpu-plays = CPU bermain
plate-with-partner = bersama { $partner }
plate-reconnecting = menghubungkan lagi…
choose-title = Bidak yang mana?
choose-marked = Bidak yang ditandai yang berjalan.
choose-move = Jalankan
choose-other = Bidak lain
hud-rules = Aturan
hud-pause = Jeda (Esc)
hud-pause-touch = Jeda
prompt-wins = { $who } menang!
prompt-pair-wins = { $who } dan { $partner } menang!
prompt-for-partner = { $who } sudah pulang dan memainkan bidak { $partner }
prompt-thinking = { $who } sedang berpikir…
prompt-roll-off = { $who }: lempar dadu untuk giliran pertama (klik dadu atau tekan Spasi)
prompt-roll = { $who }: lempar dadu (klik dadu atau tekan Spasi)
prompt-release = { $who }: tekan dadu untuk mengeluarkan bidak
prompt-move = { $who }: dadumu { $roll } — pilih bidak yang menyala (klik, tekan 1–{ $moves }, atau Tab lalu Enter)
prompt-roll-off-touch = { $who }: lempar dadu untuk giliran pertama (ketuk dadu)
prompt-roll-touch = { $who }: ketuk dadu untuk melempar
prompt-move-touch = { $who }: dadumu { $roll } — ketuk bidak yang menyala

## What happened (the log)

log-new-game = Permainan baru dimulai.
log-rolls = { $who } melempar { $value }
log-rolls-first = { $who } melempar { $value } untuk giliran pertama
log-starts = { $who } mulai duluan
log-cannot-move = { $who } tidak bisa bergerak
log-captures = { $who } memakan bidak { $victim }!
log-home = Bidak { $who } sampai di finis
log-three-sixes = Tiga kali 6: giliran { $who } berakhir
log-extra-roll = Lemparan tambahan untuk { $who } ({ $why })
why-six = dapat 6
why-capture = memakan bidak
why-goal = sampai di finis
why-retry = coba lagi
list-separator = {", "}
log-finishes = { $who } selesai, peringkat { $place }

## Pause

pause-title = Dijeda
pause-resume = Lanjutkan (Esc)
pause-resume-touch = Lanjutkan
pause-leave-seat = { $name } pergi (CPU yang bermain)
pause-take-seat = { $name } kembali ke kursinya
pause-rules = Aturan
pause-restart = Ulangi meja ini
pause-new-table = Meja baru…
pause-to-menu = Kembali ke menu
pause-quit = Keluar

## Results

results-title = Hasil
results-rank = Peringkat
results-seat = Kursi
results-at-goal = Di finis
results-out-of-base = Di luar kandang
results-progress = Jarak
results-rating = Rating
results-shared = { $rank } (seri)
results-story = Permainan dalam angka
results-captures-made = Memakan
results-captures-suffered = Dimakan
results-sixes = Angka 6
dice-title = Dadu
dice-rolls = Lemparan
dice-all = Semua
dice-fair-each = Dadu adil: { $each } untuk tiap sisi
dice-verdict-random = seacak dadu biasanya
dice-verdict-unusual = tidak biasa, tetapi dadu adil melakukannya sekitar satu permainan dari { $n }
dice-verdict-few = lemparan terlalu sedikit untuk dinilai
dice-p = chi-square { $chi }, p = { $p }
dice-checked-fair = Dadu diperiksa di perangkat ini: adil.
dice-checked-local = Dadu diperiksa di perangkat ini: adil (seed milik perangkat ini).
dice-sealed-by = Disegel oleh server dan perangkat { $devices } pemain.
dice-sealed-alone = Disegel oleh server saja: tidak ada perangkat pemain di meja.
dice-left-out = Bagian { $left } perangkat tidak datang tepat waktu dan tidak disertakan.
dice-sealing = Menyegel dadu…
dice-left-out-one = tidak disertakan
dice-promises = Janji-janji (SHA-256)
dice-promise-server = Server
past-dice = Dadumu dalam { $games } permainan terakhirmu
past-luck = Keberuntungan dan permainanmu dalam { $games } permainan
past-luck-sum = Keberuntungan dadumu, dijumlah tiap permainan: { $points } poin peluang menang. Dadu yang adil membuatnya berkisar di sekitar nol.
past-luck-adjusted = Hasil tanpa keberuntungan: { $rate }% menang, ± { $margin } (95%).
past-luck-adjusted-later = Hasil tanpa keberuntungan muncul setelah { $games } permainan dianalisis.
past-error-trend = Tingkat kesalahan: { $old } pada permainan lama, { $new } pada yang baru.
results-turns = Giliran
results-play-again = Main lagi
results-change-table = Ubah meja…
results-review = Tinjau permainan
results-link = Siapa pun bisa meninjau permainan ini di { $link }
results-luck-good = Dadu beruntung: { $points } poin peluang menang
results-luck-bad = Dadu sial: { $points } poin peluang menang
results-luck-even = Dadu seimbang: { $points } poin peluang menang
results-analysing = Menimbang dadu dan langkah…
results-play = { $mistakes ->
    [0] Tanpa kesalahan
   *[other] { $mistakes } kesalahan
}, { $blunders ->
    [0] tanpa blunder
   *[other] { $blunders } blunder
} · tingkat galat { $rate }
results-worst-move = Langkah terburukmu
results-hints = Petunjuk yang diminta: { $hints }
results-luck = Keberuntungan dadu
results-luck-own = Lemparan sendiri
results-luck-adjusted = Hasil tanpa keberuntungan
results-decisions = Keputusan
results-inaccuracies = Kurang tepat
results-mistakes = Kesalahan
results-blunders = Blunder
results-error-rate = Tingkat galat
analysis-title = Keberuntungan dan permainan
analysis-best = Langkah terbaik
analysis-good = Langkah bagus
analysis-inaccuracy = Kurang tepat
analysis-mistake = Kesalahan
analysis-blunder = Blunder
analysis-played-best = { $class }: langkah terbaik dimainkan.
analysis-better = { $mark }{ $class }: { $points } poin peluang menang hilang. Bidak { $piece } lebih baik: { $best } lawan { $played }.

## Table setup

setup-title = Meja baru
setup-seats = Kursi
setup-empty = Kosong
setup-person = Manusia
setup-cpu = CPU
setup-fill = Isi kursi kosong dengan CPU
setup-turn-limit = Batas waktu giliran
setup-no-limit = tidak ada
setup-seconds = { $secs } dtk
setup-presets = Paket aturan lokal:
setup-house-rules = Aturan lokal
setup-reset = Kembalikan ke standar
setup-not-standard = tidak standar
setup-start = Mulai
setup-need-seats = Meja butuh 2 sampai 6 kursi.
setup-partners-need-four = Mode berpasangan dimainkan oleh empat pemain.
setup-ranked = Permainan berperingkat
setup-not-ranked = Tidak berperingkat: { $why }

preset-standard = standar
preset-standard-about = Permainan standar buku aturan: keluar dengan 6, tiga kali 6 mengakhiri giliran, lemparan tambahan saat memakan, kotak awal dan bintang aman, blokade dua bidak, angka pas untuk finis, yang pertama sampai menang.
preset-by-player-count = sesuai jumlah pemain
preset-by-player-count-about = Permainan standar, hanya lengan pemain yang duduk yang digambar: papan mendatar untuk dua, bentuk T untuk tiga, salib untuk empat.
preset-relaxed = longgar
preset-relaxed-about = Permainan lebih singkat: keluar dengan 1 atau 6, pemain tanpa bidak di jalur boleh melempar sampai tiga kali, lemparan tambahan saat sampai di finis, dan lemparan yang melewati finis tetap dihitung.
preset-quick = cepat
preset-quick-about = Permainan cepat ala Ludo STAR: bidak pertama yang sampai di finis menang, dan bidak berputar lagi sampai pemiliknya pernah memakan.
preset-master = master
preset-master-about = Keempat bidak harus sampai di finis, tetapi bidak berputar lagi, melewati jalur pulangnya, sampai pemiliknya pernah memakan.
preset-partners = berpasangan
preset-partners-about = Dua lawan dua: pemain yang berhadapan satu tim, tidak saling memakan, dan boleh berbagi kotak; pemain yang bidaknya sudah pulang memainkan bidak kawannya; pasangan menang jika keduanya sudah pulang.
preset-gentle = santai
preset-gentle-about = Untuk pemain cilik: tanpa blokade, semua kotak awal dan bintang aman, keluar dengan 5 atau 6, dan tanpa batas 6 berturut-turut.
preset-tournament = turnamen
preset-tournament-about = Peringkat lengkap: semua melempar untuk menentukan siapa yang mulai, dan permainan berlanjut sampai setiap posisi ditentukan.

## House rules (the setup and the rule book)

rule-board = Papan
rule-exit-numbers = Keluar kandang dengan
rule-no-piece-in-play = Tidak ada bidak di jalur
rule-three-sixes = Tiga kali 6 mengakhiri giliran
rule-extra-roll-on-capture = Lemparan tambahan saat memakan
rule-extra-roll-on-goal = Lemparan tambahan saat sampai di finis
rule-safe-squares = Kotak aman
rule-impassable = Kotak yang tak bisa dilewati
rule-exact-finish = Angka pas untuk finis
rule-pieces-to-win = Bidak pulang untuk menang
rule-capture-before-home = Makan dulu sebelum pulang
rule-teams = Berpasangan
rule-team-blocks = Bidakmu dan bidak kawan jadi blokade
rule-team-wins = Pasangan menang jika
rule-rank-all = Tentukan semua peringkat
rule-rotate-first-player = Permainan berikutnya: kursi berikutnya mulai
rule-first-player = Pemain pertama
choice-on = aktif
choice-off = mati
choice-or = { $a } atau { $b }
rule-board-always-cross = selalu salib
rule-board-by-player-count = sesuai jumlah pemain
rule-no-piece-in-play-normal = lempar seperti biasa
rule-no-piece-in-play-release-without-rolling = keluarkan tanpa melempar
rule-no-piece-in-play-up-to-three-rolls = sampai tiga lemparan
rule-safe-squares-starts-and-stars = kotak awal dan bintang
rule-safe-squares-starts-only = hanya kotak awal
rule-safe-squares-none = tidak ada
rule-impassable-blocks-of-two = blokade dua bidak
rule-impassable-none = tidak ada
rule-impassable-no-overtaking = dilarang menyalip
rule-first-player-first-seat = kursi pertama
rule-first-player-roll-off = adu lemparan
rule-teams-none = masing-masing
rule-teams-pairs = yang berhadapan satu tim
rule-team-wins-both-home = keduanya sudah pulang
rule-team-wins-one-home = salah satu sudah pulang

## Rule book

book-title = Aturan
book-how = Cara bermain
book-how-1 = Dua sampai enam pemain masing-masing punya empat bidak yang menunggu di kandang, area besar berwarna miliknya. Empat pemain bermain di papan salib; lima dan enam di papan dengan satu lengan untuk tiap kursi.
book-how-2 = Pada giliranmu, lempar dadu dan majukan salah satu bidakmu sebanyak angka itu searah jarum jam. Jika tidak ada bidak yang bisa bergerak, lemparan itu hangus.
book-how-3 = Bidak keluar dari kandang ke kotak awalnya hanya dengan angka keluar; itu memakai seluruh lemparan.
book-how-4 = Angka 6 memberi lemparan tambahan. Tiga kali 6 berturut-turut langsung mengakhiri giliran (aturan lokal).
book-how-5 = Akhiri langkahmu tepat pada bidak lawan yang sendirian di kotak yang tidak aman, maka bidak itu kembali ke kandangnya; kamu melempar lagi.
book-how-6 = Dua bidak berwarna sama di satu kotak membentuk blokade: lawan tidak boleh melewatinya atau berhenti di sana.
book-how-7 = Setelah satu putaran penuh, bidak berbelok ke jalur rumahnya sendiri, yang tidak boleh dimasuki pemain lain, lalu berjalan ke finis di tengah.
book-how-8 = Pemain pertama yang membawa keempat bidaknya ke finis menang. Yang lain diperingkat menurut bidak di finis, bidak di luar kandang, lalu seberapa jauh bidak itu berjalan.
book-star = bintang
book-block = blokade
book-home-column = jalur rumah
book-table-rules = Aturan lokal di meja ini
book-standard = standar
book-not-standard = tidak standar (standar: { $standard })
book-glossary = Daftar istilah
word-base = Kandang
word-base-means = area sudut tempat bidakmu menunggu, dan tempat bidak yang dimakan kembali
word-start = Kotak awal
word-start-means = kotak berwarna milikmu tempat bidak keluar dari kandang
word-track = Jalur
word-track-means = putaran kotak yang dilalui setiap bidak
word-star = Bintang
word-star-means = kotak delapan langkah setelah setiap kotak awal; kotak aman
word-safe = Kotak aman
word-safe-means = kotak tempat bidak tidak bisa dimakan
word-block = Blokade
word-block-means = dua bidak atau lebih berwarna sama di satu kotak
word-home-column = Jalur rumah
word-home-column-means = lima kotak berwarna milikmu menuju finis
word-goal = Finis
word-goal-means = tengah papan
word-exit = Angka keluar
word-exit-means = lemparan yang membuat bidak boleh keluar dari kandang
word-extra-roll = Lemparan tambahan
word-extra-roll-means = lemparan lagi di giliran yang sama, karena angka 6 atau memakan bidak
book-questions = Pertanyaan
faq-leave = Bagaimana cara keluar dari kandang?
faq-leave-answer = Lempar angka keluar (6, kecuali meja memilih lain). Tanpa itu, giliranmu berakhir tanpa langkah.
faq-capture = Bagaimana cara memakan bidak?
faq-capture-answer = Berhentilah tepat pada bidak lawan yang sendirian di kotak yang tidak aman. Bidak itu kembali ke kandang dan kamu melempar lagi.
faq-safe = Apakah ada kotak tempat aku aman?
faq-safe-answer = Ya: kotak awal dan bintang. Dan lawan tidak bisa melewati atau berhenti pada dua bidakmu yang berdiri bersama.
faq-exact = Apakah perlu angka pas untuk sampai di finis?
faq-exact-answer = Ya, secara bawaan: lemparan yang akan membawa bidak melewati finis tidak bisa menggerakkannya.

## Profiles

profiles-title = Profil
profiles-explain = Permainan berperingkat jika aturannya standar dan setiap orang di meja punya profil (CPU selalu punya).
profiles-name = Nama
profiles-rating = Rating
profiles-games = Main
profiles-wins = Menang
profiles-mean-rank = Rata-rata peringkat
profiles-none = Belum ada profil.
profiles-name-hint = nama
profiles-add = Tambah profil
profile-error-empty = profil perlu nama
profile-error-cpu-name = "{ $name }" adalah nama CPU
profile-error-taken = sudah ada profil bernama "{ $name }"
ranked-not-standard = aturan lokalnya tidak standar
ranked-same-seat = dua kursi ditempati { $name }
ranked-no-profile = { $name } belum punya profil

## Problems shown to players

theme-problem-title = Masalah tema
dismiss = Tutup
notice-ratings-not-saved = Rating tidak bisa disimpan: { $error }

## Online tables
menu-online = Main online
menu-back-online = Kembali ke meja { $code }
online-title = Main online
online-name = Nama kamu
online-server = Server
online-create = Buat meja
online-create-about = Dengan kursi dan aturan rumah dari Meja baru; kursi setiap orang terbuka untuk teman.
online-code = Kode meja
online-join = Gabung
online-connecting = Menghubungkan…
online-reconnecting = Koneksi terputus — menghubungkan lagi…
online-invite = Teman bergabung dengan kode ini, atau dengan membuka tautan ini:
online-copy = Salin tautan
online-seat-open = terbuka — menunggu teman
online-seat-empty = kosong
online-you = (kamu)
online-host = (tuan rumah)
online-away = pergi — CPU yang bermain
online-start = Mulai
online-leave = Tinggalkan meja
online-waiting-host = Menunggu tuan rumah memulai…
online-your-turn = Giliranmu!
online-turn-of = Giliran { $who }
online-refused-room-full = Meja itu sudah penuh.
online-refused-game-started = Permainan di meja itu sudah dimulai.
online-refused-no-such-room = Tidak ada meja dengan kode itu.
online-refused-version = Versi Ludo ini dan server berbeda; perbarui permainan.
online-refused-full = Server tidak punya tempat untuk meja lain saat ini.
online-refused-bad-token = Kursi itu bukan milikmu lagi.
online-refused-not-enough-players = Perlu setidaknya dua pemain untuk memulai.
online-refused-partners-four = Main berpasangan butuh empat orang di meja: tunggu sampai keempat kursi terisi.
online-refused-other = Server menolak: { $detail }
online-unreachable = Server tidak dapat dihubungi.
online-bad-code = Kode meja terdiri dari 8 huruf dan angka, seperti K7X9-PQTA.

# Yang didengar pembaca layar (live region peramban): setiap langkah, dan langkah yang bisa dipilih.
say-enters = { $who } mengeluarkan bidak { $piece } dari kandang
say-moves = { $who } menjalankan bidak { $piece } dari { $from } ke { $to }
say-base = kandang
say-goal = finis
say-square = petak { $n }
say-home-column = jalur pulang { $n }
say-option = { $n }: bidak { $piece }, { $from } ke { $to }
say-option-capture = { $n }: bidak { $piece }, { $from } ke { $to }, memakan { $victim }
say-choose = Langkah yang bisa dipilih, 1 sampai { $count }: { $moves }.
say-board = Papan Ludo. Kejadian dan pilihanmu dibacakan: tekan Spasi untuk melempar, dan angka untuk melangkah.
say-widget = { $label }
say-widget-button = { $label }, tombol
say-widget-checkbox = { $label }, kotak centang, { $state }
say-widget-choice = { $label }, { $state }
say-widget-list = { $label }, daftar
say-widget-slider = { $label }, penggeser, { $state }
say-widget-text = { $label }, kolom teks
say-widget-section = { $label }, bagian
say-checked = dicentang
say-unchecked = tidak dicentang
say-chosen = dipilih
say-not-chosen = tidak dipilih

# Tinjauan permainan yang selesai, dan permainan lalu
review-title = Tinjauan
review-close = Kembali
review-where = Langkah { $step } dari { $steps } · giliran { $turn }
review-start = Permainan dimulai.
review-back = Mundur selangkah
review-forward = Maju selangkah
review-play = Putar
review-pause = Jeda
review-next-capture = Makan berikutnya
review-next-six = Enam berikutnya
review-next-mistake = Kesalahan berikutnya
review-try-again = Coba lagi
review-hints = Petunjuk diminta dalam permainan ini: { $who }
review-chart-win = Peluang menang setelah tiap giliran
review-chart-place = Peringkat yang diharapkan setelah tiap giliran
review-chart-loading = Menilai permainan…
review-place = peringkat { $place }
review-moments = Momen penting
review-no-moments = Tidak ada giliran yang banyak mengubah peluang siapa pun.
review-moment = Giliran { $turn }: { $what } — { $who } { $before } → { $after }
review-moment-cause = { $moment } ({ $cause })
review-cause-dice = dadu
review-cause-play = sebuah keputusan
review-dice-local = Dadu berasal dari seed di perangkat ini ({ $seed }), dan dadunya melempar semua { $rolls } lemparan permainan.
review-dice-no-seed = Catatan ini tidak punya seed: dadunya tidak bisa diperiksa.
review-dice-fair = Dadu diperiksa di perangkat ini: SHA-256 seed sama dengan hash yang dikirim sebelum lemparan pertama, dan dadunya melempar semua { $rolls } lemparan permainan.
review-dice-bad-seed = Pemeriksaan dadu GAGAL: SHA-256 seed yang dibuka bukan hash yang dikirim sebelum lemparan pertama.
review-dice-bad-roll = Pemeriksaan dadu GAGAL: langkah { $step } melempar { $got }, tetapi dadu yang dijanjikan melempar { $expected } di sana.
review-dice-unplayable = Pemeriksaan dadu GAGAL: permainan tidak bisa diulang ({ $error }).
review-dice-sealed-fair = Dadu diperiksa di perangkat ini: rahasia server dan rahasia { $shares } pemain adalah yang dijanjikan sebelum lemparan pertama, dan dadu yang mereka segel melempar semua { $rolls } lemparan permainan.
review-dice-bad-share = Pemeriksaan dadu GAGAL: rahasia yang dibuka untuk kursi { $seat } bukan yang dijanjikan perangkatnya.
review-dice-not-a-secret = Pemeriksaan dadu GAGAL: ada rahasia di berkas ini yang bukan 64 digit heksadesimal.
past-title = Permainan lalu
past-none = Belum ada permainan yang selesai. Setiap permainan yang kamu selesaikan di sini atau online disimpan di sini (100 terakhir).
past-exported = Diekspor ke { $path }
past-review = Tinjau
past-export = Ekspor
past-open-file = Buka berkas permainan…
past-online = online
past-here = di perangkat ini
past-cpu = CPU ({ $level })
past-place = { $place }. { $name }

# Reaksi di meja daring.
hud-react = Reaksi
react-title = Bereaksi
react-mute = Sembunyikan reaksi { $name }
say-reacted = { $who }: { $what }
reaction-thumbs-up = jempol
reaction-laugh = tertawa
reaction-wow = wah
reaction-sad = sedih
reaction-heart = hati
reaction-good-game = Permainan bagus
reaction-nice-roll = Lemparan bagus!
reaction-oops = Ups
reaction-hurry-up = Ayo cepat
reaction-well-played = Main yang hebat
reaction-thanks = Terima kasih

# Main cepat.
menu-quick-play = Main cepat
quick-title = Main cepat:
quick-seats = { $seats } pemain
quick-about = Main dengan siapa saja: pemain dengan peringkat dekat denganmu lebih dulu; setelah 20 detik CPU mengisi kursi yang kosong.
quick-looking = Mencari meja untuk { $seats }…
quick-waiting = { $n } pemain menunggu
quick-cancel = Batal
menu-leaderboard = Papan peringkat
leaderboard-about = Peringkat terbaik server dari permainan berperingkat (setiap kursi diisi orang, aturan standar); pemain muncul setelah { $n } permainan.
leaderboard-you = Kamu nomor { $place }, dengan { $rating }.
leaderboard-not-yet = Kamu belum masuk: perlu { $n } permainan berperingkat.
leaderboard-none = Belum ada siapa pun.
