# Ludo — العربية.

language-name = العربية
language-direction = rtl
language-font = NotoSansArabic-ludo.ttf

## Seats and players

colour-yellow = الأصفر
colour-blue = الأزرق
colour-red = الأحمر
colour-green = الأخضر
colour-purple = البنفسجي
colour-orange = البرتقالي
level-random = عشوائي
level-easy = سهل
level-normal = عادي
level-hard = صعب
level-expert = خبير
cpu-name = CPU ({ $level })
plate-cpu = CPU
player-default-name = اللاعب { $n }
player-unnamed = اللاعب
seat-name = { $player } ({ $colour })

## Main menu

menu-tagline = من 2 إلى 6 لاعبين · أشخاص وCPU · كل القواعد المحلية
menu-continue = متابعة
menu-new-table = طاولة جديدة
menu-rules = القواعد
menu-profiles = الملفات الشخصية
menu-past-games = الألعاب السابقة
menu-settings = الإعدادات
menu-quit = خروج

## Settings

settings-title = الإعدادات
settings-cpu-speed = سرعة CPU
settings-animation = الحركة
settings-theme = المظهر
settings-language = اللغة
settings-auto-move = نفّذ الحركة الوحيدة الممكنة تلقائيًا
settings-master-volume = مستوى الصوت العام (dB)
settings-effects-volume = مستوى المؤثرات (dB)
settings-music-volume = مستوى الموسيقى (dB)
settings-mute = كتم الصوت
settings-fullscreen = ملء الشاشة
settings-text-size = حجم النص
settings-percent = { $n }٪
settings-high-contrast = تباين عالٍ (أبيض على أسود)
settings-reduced-motion = تقليل الحركة (لا شيء يتدحرج أو يقفز أو يومض)
speed-slow = بطيء
speed-normal = عادي
speed-fast = سريع
speed-instant = فوري

## The table (HUD)

hud-new-table = طاولة جديدة…
sentence-stop = .
sentence-gap = {" "}
hud-house-rules = القواعد المحلية: { $rules }
hud-at-goal = { $n }/4 في النهاية
hud-cpu-plays-for = يلعب CPU بدلًا من { $name }
hud-time-left = { $secs ->
    [zero] لم يبقَ وقت في هذا الدور
    [one] بقيت ثانية واحدة في هذا الدور
    [two] بقيت ثانيتان في هذا الدور
    [few] بقيت { $secs } ثوانٍ في هذا الدور
   *[other] بقيت { $secs } ثانية في هذا الدور
}
hud-die = النرد: { $face }
hud-log = السجل
hud-hint = تلميح
hud-hint-given = تلميح: القطعة { $piece } هي الأفضل، أفضل بـ { $points } نقطة من فرصة الفوز من النقلة التالية.
hud-hint-even = تلميح: القطعة { $piece } هي الأفضل؛ النقلات الأخرى جيدة بالقدر نفسه تقريبًا.
plate-cpu-plays = يلعب الحاسوب
plate-with-partner = مع { $partner }
plate-reconnecting = جارٍ إعادة الاتصال…
choose-title = أي قطعة؟
choose-marked = تتحرك القطعة المعلَّمة.
choose-move = حرّكها
choose-other = قطعة أخرى
hud-rules = القواعد
hud-pause = إيقاف مؤقت (Esc)
hud-pause-touch = إيقاف مؤقت
prompt-wins = فاز { $who }!
prompt-pair-wins = فاز { $who } و{ $partner }!
prompt-for-partner = وصل { $who } ويلعب بقطع { $partner }
prompt-thinking = { $who } يفكّر…
prompt-roll-off = { $who }: ارمِ النرد لتحديد من يبدأ (انقر النرد أو اضغط المسافة)
prompt-roll = { $who }: ارمِ النرد (انقره أو اضغط المسافة)
prompt-release = { $who }: اضغط النرد لإخراج قطعة
prompt-move = { $who }: رميت { $roll } — اختر قطعة مضيئة (انقرها، أو اضغط 1–{ $moves }، أو Tab ثم Enter)
prompt-roll-off-touch = { $who }: المس النرد لتحديد من يبدأ
prompt-roll-touch = { $who }: المس النرد لرميه
prompt-move-touch = { $who }: رميت { $roll } — المس قطعة مضيئة

## What happened (the log)

log-new-game = بدأت مباراة جديدة.
log-rolls = رمى { $who } الرقم { $value }
log-rolls-first = رمى { $who } الرقم { $value } لتحديد من يبدأ
log-starts = يبدأ { $who }
log-cannot-move = لا يستطيع { $who } التحرك
log-captures = أخذ { $who } قطعة من { $victim }!
log-home = أوصل { $who } قطعة إلى النهاية
log-three-sixes = ثلاث ستات: انتهى دور { $who }
log-extra-roll = رمية إضافية لـ{ $who } ({ $why })
why-six = ستة
why-capture = أخذ قطعة
why-goal = الوصول إلى النهاية
why-retry = محاولة أخرى
list-separator = {"، "}
log-finishes = أنهى { $who } في المركز { $place }

## Pause

pause-title = متوقف مؤقتًا
pause-resume = استئناف (Esc)
pause-resume-touch = استئناف
pause-leave-seat = يغادر { $name } (يلعب CPU)
pause-take-seat = يعود { $name } إلى مقعده
pause-rules = القواعد
pause-restart = أعد هذه الطاولة
pause-new-table = طاولة جديدة…
pause-to-menu = العودة إلى القائمة
pause-quit = خروج

## Results

results-title = النتائج
results-rank = المركز
results-seat = المقعد
results-at-goal = في النهاية
results-out-of-base = خارج القاعدة
results-progress = المسافة
results-rating = التقييم
results-shared = { $rank } (مشترك)
results-story = المباراة بالأرقام
results-captures-made = قطع مأخوذة
results-captures-suffered = قطع مفقودة
results-sixes = الستات
dice-title = النرد
dice-rolls = الرميات
dice-all = الكل
dice-fair-each = النرد العادل: { $each } لكل وجه
dice-verdict-random = عشوائي كما يكون النرد
dice-verdict-unusual = غير مألوف، لكن النرد العادل يفعل ذلك في نحو مباراة من كل { $n }
dice-verdict-few = الرميات أقل من أن يُحكم عليها
dice-p = كاي تربيع { $chi }، p = { $p }
dice-checked-fair = فُحص النرد على هذا الجهاز: عادل.
dice-checked-local = فُحص النرد على هذا الجهاز: عادل (بذرة هذا الجهاز نفسه).
dice-sealed-by = ختمه الخادم وأجهزة اللاعبين (العدد: { $devices }).
dice-sealed-alone = ختمه الخادم وحده: لم يكن على الطاولة جهاز لاعب.
dice-left-out = حصص أجهزة لم تصل في وقتها فاستُبعدت (العدد: { $left }).
dice-sealing = يُختم النرد…
dice-left-out-one = مستبعد
dice-promises = الوعود (SHA-256)
dice-promise-server = الخادم
past-dice = نردك في آخر مبارياتك (العدد: { $games })
past-luck = حظك ولعبك في { $games } مباراة
past-luck-sum = حظ نردك مجموعًا مباراة بعد مباراة: { $points } نقطة من فرصة الفوز. النرد العادل يبقيه حول الصفر.
past-luck-adjusted = النتيجة دون الحظ: { $rate }% فوز، ± { $margin } (95%).
past-luck-adjusted-later = تظهر النتيجة دون الحظ بعد تحليل { $games } مباريات.
past-error-trend = معدل الخطأ: { $old } في المباريات الأقدم، { $new } في الأحدث.
results-turns = الأدوار
results-play-again = العب مجددًا
results-change-table = غيّر الطاولة…
results-review = راجع اللعبة
results-link = يمكن لأي أحد مراجعة هذه اللعبة على { $link }
results-luck-good = نرد محظوظ: { $points } نقطة من فرصة الفوز
results-luck-bad = نرد عاثر: { $points } نقطة من فرصة الفوز
results-luck-even = نرد متعادل: { $points } نقطة من فرصة الفوز
results-analysing = جارٍ وزن النرد والنقلات…
results-play = { $mistakes ->
    [0] لا أخطاء
   *[other] أخطاء: { $mistakes }
}، { $blunders ->
    [0] لا أخطاء فادحة
   *[other] أخطاء فادحة: { $blunders }
} · معدل الخطأ { $rate }
results-worst-move = أسوأ نقلة لك
results-hints = التلميحات المطلوبة: { $hints }
results-luck = حظ النرد
results-luck-own = رمياتك
results-luck-adjusted = النتيجة دون الحظ
results-decisions = القرارات
results-inaccuracies = عدم دقة
results-mistakes = أخطاء
results-blunders = أخطاء فادحة
results-error-rate = معدل الخطأ
analysis-title = الحظ واللعب
analysis-best = أفضل نقلة
analysis-good = نقلة جيدة
analysis-inaccuracy = عدم دقة
analysis-mistake = خطأ
analysis-blunder = خطأ فادح
analysis-played-best = { $class }: لُعبت أفضل نقلة.
analysis-better = { $mark }{ $class }: ضاعت { $points } نقطة من فرصة الفوز. كانت القطعة { $piece } أفضل: { $best } مقابل { $played }.

## Table setup

setup-title = طاولة جديدة
setup-seats = المقاعد
setup-empty = فارغ
setup-person = شخص
setup-cpu = CPU
setup-fill = املأ المقاعد الفارغة بـCPU
setup-turn-limit = مهلة الدور
setup-no-limit = بلا مهلة
setup-seconds = { $secs } ث
setup-presets = قواعد جاهزة:
setup-house-rules = القواعد المحلية
setup-reset = العودة إلى القياسي
setup-not-standard = غير قياسي
setup-start = ابدأ
setup-need-seats = تحتاج الطاولة من 2 إلى 6 مقاعد.
setup-partners-need-four = يلعب الشركاء بأربعة مقاعد.
setup-ranked = مباراة مصنّفة
setup-not-ranked = غير مصنّفة: { $why }

preset-standard = القياسية
preset-standard-about = اللعبة القياسية في كتاب القواعد: الخروج بـ 6، ثلاث ستات تنهي الدور، رمية إضافية عند الأخذ، البدايات والنجوم آمنة، حاجز من قطعتين، رقم دقيق للوصول، ويفوز أول من يصل.
preset-by-player-count = حسب عدد اللاعبين
preset-by-player-count-about = اللعبة القياسية مع رسم أذرع الجالسين فقط: لوحة أفقية لاثنين، وشكل T لثلاثة، والمتقاطعة لأربعة.
preset-relaxed = المريحة
preset-relaxed-about = مباراة أقصر: الخروج بـ 1 أو 6، ومن لا قطع له على المسار يرمي حتى ثلاث رميات، ورمية إضافية عند الوصول إلى النهاية، والرمية التي تتجاوز النهاية تُحتسب.
preset-quick = السريعة
preset-quick-about = لعبة Ludo STAR السريعة: تفوز أول قطعة تصل إلى النهاية، وتدور قطع اللاعب دورة أخرى حتى يأخذ قطعة.
preset-master = المحترفة
preset-master-about = يفوز من يوصل قطعه الأربع، لكن قطع اللاعب تدور دورة أخرى متجاوزة طريق بيتها حتى يأخذ قطعة.
preset-partners = الشركاء
preset-partners-about = اثنان ضد اثنين: المتقابلان فريق واحد، لا يأخذ أحدهما قطع الآخر ويتشاركان المربعات؛ ومن وصلت قطعه يلعب بقطع شريكه؛ ويفوز الفريق عندما يصل الاثنان.
preset-gentle = الهادئة
preset-gentle-about = للاعبين الصغار: لا حواجز، وكل البدايات والنجوم آمنة، والخروج بـ 5 أو 6، ولا حد للستات المتتالية.
preset-tournament = البطولة
preset-tournament-about = ترتيب كامل: يرمي الجميع لتحديد البادئ، ويستمر اللعب حتى تتحدد كل المراتب.

## House rules (the setup and the rule book)

rule-board = اللوحة
rule-exit-numbers = الخروج من القاعدة بـ
rule-no-piece-in-play = لا قطع على المسار
rule-three-sixes = ثلاث ستات تنهي الدور
rule-extra-roll-on-capture = رمية إضافية عند الأخذ
rule-extra-roll-on-goal = رمية إضافية عند الوصول إلى النهاية
rule-safe-squares = المربعات الآمنة
rule-impassable = مربعات لا يمكن عبورها
rule-exact-finish = رقم دقيق للوصول
rule-pieces-to-win = القطع اللازمة للفوز
rule-capture-before-home = الأخذ قبل دخول البيت
rule-teams = الشركاء
rule-team-blocks = قطعتك وقطعة شريكك حاجز
rule-team-wins = يفوز الفريق عندما
rule-rank-all = تحديد جميع المراتب
rule-rotate-first-player = المباراة التالية: يبدأ المقعد التالي
rule-first-player = اللاعب الأول
choice-on = مفعّل
choice-off = معطّل
choice-or = { $a } أو { $b }
rule-board-always-cross = متقاطعة دائمًا
rule-board-by-player-count = حسب عدد اللاعبين
rule-no-piece-in-play-normal = ارمِ كالمعتاد
rule-no-piece-in-play-release-without-rolling = أخرج قطعة دون رمي
rule-no-piece-in-play-up-to-three-rolls = حتى ثلاث رميات
rule-safe-squares-starts-and-stars = البدايات والنجوم
rule-safe-squares-starts-only = البدايات فقط
rule-safe-squares-none = لا شيء
rule-impassable-blocks-of-two = حاجز من قطعتين
rule-impassable-none = لا شيء
rule-impassable-no-overtaking = ممنوع التجاوز
rule-first-player-first-seat = المقعد الأول
rule-first-player-roll-off = رمي لتحديد البادئ
rule-teams-none = كل لنفسه
rule-teams-pairs = المتقابلان فريق واحد
rule-team-wins-both-home = يصل الاثنان
rule-team-wins-one-home = يصل أحدهما

## Rule book

book-title = القواعد
book-how = طريقة اللعب
book-how-1 = لكل لاعب من اثنين إلى ستة أربع قطع تنتظر في قاعدته، الساحة الكبيرة بلونه. يلعب الأربعة على لوح الصليب، والخمسة والستة على لوح فيه ذراع لكل مقعد.
book-how-2 = في دورك، ارمِ النرد وحرّك إحدى قطعك بعدد المربعات نفسه مع عقارب الساعة. إن لم تستطع أي قطعة التحرك، ضاعت الرمية.
book-how-3 = تخرج القطعة من القاعدة إلى مربع البداية برقم الخروج فقط؛ ويستهلك ذلك الرمية كلها.
book-how-4 = الستة تمنح رمية أخرى. ثلاث ستات متتالية تنهي الدور فورًا (قاعدة محلية).
book-how-5 = أنهِ حركتك تمامًا على قطعة خصم وحيدة في مربع غير آمن، فتعود إلى قاعدتها؛ وترمي مجددًا.
book-how-6 = قطعتان من اللون نفسه في مربع واحد تصنعان حاجزًا: لا يمكن لأي خصم عبوره أو الوقوف عليه.
book-how-7 = بعد دورة كاملة تدخل القطعة مسار النهاية الخاص بلونها، حيث لا يدخل أحد غيرك، وتكمل إلى النهاية في الوسط.
book-how-8 = يفوز أول لاعب يوصل قطعه الأربع إلى النهاية. ويُرتَّب الآخرون حسب القطع في النهاية، ثم القطع خارج القاعدة، ثم المسافة التي قطعتها.
book-star = نجمة
book-block = حاجز
book-home-column = مسار النهاية
book-table-rules = القواعد المحلية على هذه الطاولة
book-standard = قياسي
book-not-standard = غير قياسي (القياسي: { $standard })
book-glossary = المصطلحات
word-base = القاعدة
word-base-means = الزاوية التي تنتظر فيها قطعك، وتعود إليها القطع المأخوذة
word-start = البداية
word-start-means = مربع لونك الذي تخرج إليه القطعة من القاعدة
word-track = المسار
word-track-means = حلقة المربعات التي تدور حولها كل القطع
word-star = النجمة
word-star-means = المربع الذي يلي كل بداية بثماني خطوات؛ مربع آمن
word-safe = مربع آمن
word-safe-means = مربع لا تُؤخذ فيه أي قطعة
word-block = حاجز
word-block-means = قطعتان أو أكثر من اللون نفسه في مربع واحد
word-home-column = مسار النهاية
word-home-column-means = مربعات لونك الخمسة المؤدية إلى النهاية
word-goal = النهاية
word-goal-means = وسط اللوحة
word-exit = رقم الخروج
word-exit-means = الرمية التي تسمح للقطعة بالخروج من القاعدة
word-extra-roll = رمية إضافية
word-extra-roll-means = رمية أخرى في الدور نفسه، بسبب ستة أو أخذ قطعة
book-questions = أسئلة شائعة
faq-leave = كيف أخرج من القاعدة؟
faq-leave-answer = ارمِ رقم الخروج (ستة ما لم تختر الطاولة غير ذلك). ودونه ينتهي دورك بلا حركة.
faq-capture = كيف آخذ قطعة؟
faq-capture-answer = قف تمامًا على قطعة خصم وحيدة في مربع غير آمن. تعود إلى قاعدتها وترمي مجددًا.
faq-safe = هل توجد مربعات أكون فيها آمنًا؟
faq-safe-answer = نعم: البدايات والنجوم. ولا يستطيع أي خصم عبور قطعتين لك تقفان معًا أو الوقوف عليهما.
faq-exact = هل أحتاج الرقم الدقيق للوصول إلى النهاية؟
faq-exact-answer = نعم، افتراضيًا: الرمية التي تتجاوز بالقطعة النهاية لا تحركها.

## Profiles

profiles-title = الملفات الشخصية
profiles-explain = تكون المباراة مصنّفة حين تكون القواعد قياسية ولكل شخص على الطاولة ملف شخصي (لـCPU ملف دائمًا).
profiles-name = الاسم
profiles-rating = التقييم
profiles-games = المباريات
profiles-wins = الانتصارات
profiles-mean-rank = متوسط المركز
profiles-none = لا توجد ملفات بعد.
profiles-name-hint = الاسم
profiles-add = أضف ملفًا
profile-error-empty = يحتاج الملف إلى اسم
profile-error-cpu-name = «{ $name }» اسم لـCPU
profile-error-taken = يوجد ملف باسم «{ $name }» بالفعل
ranked-not-standard = القواعد المحلية ليست قياسية
ranked-same-seat = مقعدان باسم { $name }
ranked-no-profile = ليس لـ{ $name } ملف شخصي

## Problems shown to players

theme-problem-title = مشكلة في المظهر
dismiss = إغلاق
notice-ratings-not-saved = تعذّر حفظ التقييمات: { $error }

## Online tables
menu-online = العب عبر الإنترنت
menu-back-online = العودة إلى الطاولة { $code }
online-title = العب عبر الإنترنت
online-name = اسمك
online-server = الخادم
online-create = أنشئ طاولة
online-create-about = بمقاعد وقواعد «طاولة جديدة»؛ مقعد كل شخص مفتوح لصديق.
online-code = رمز الطاولة
online-join = انضم
online-connecting = جارٍ الاتصال…
online-reconnecting = انقطع الاتصال — جارٍ إعادة الاتصال…
online-invite = ينضم الأصدقاء بهذا الرمز، أو بفتح هذا الرابط:
online-copy = انسخ الرابط
online-seat-open = مفتوح — بانتظار صديق
online-seat-empty = فارغ
online-you = (أنت)
online-host = (المضيف)
online-away = غائب — يلعب الحاسوب
online-start = ابدأ
online-leave = غادر الطاولة
online-waiting-host = بانتظار أن يبدأ المضيف…
online-your-turn = دورك!
online-turn-of = دور { $who }
online-refused-room-full = تلك الطاولة ممتلئة.
online-refused-game-started = بدأت اللعبة على تلك الطاولة بالفعل.
online-refused-no-such-room = لا توجد طاولة بهذا الرمز.
online-refused-version = إصدار لودو هذا يختلف عن إصدار الخادم؛ حدّث اللعبة.
online-refused-full = لا يتسع الخادم لطاولة أخرى الآن.
online-refused-bad-token = لم يعد ذلك المقعد لك.
online-refused-not-enough-players = يلزم لاعبان على الأقل للبدء.
online-refused-partners-four = يلعب الشركاء بأربعة على الطاولة: انتظر حتى تُشغل المقاعد الأربعة كلها.
online-refused-other = رفض الخادم: { $detail }
online-unreachable = تعذّر الوصول إلى الخادم.
online-bad-code = رمز الطاولة 8 أحرف وأرقام، مثل K7X9-PQTA.

# ما يسمعه قارئ الشاشة (المنطقة الحيّة في المتصفح): كل حركة، والحركات المتاحة للاختيار.
say-enters = أخرج { $who } القطعة { $piece } من القاعدة
say-moves = حرّك { $who } القطعة { $piece } من { $from } إلى { $to }
say-base = القاعدة
say-goal = النهاية
say-square = المربع { $n }
say-home-column = ممر العودة { $n }
say-option = { $n }: القطعة { $piece }، من { $from } إلى { $to }
say-option-capture = { $n }: القطعة { $piece }، من { $from } إلى { $to }، وتأخذ قطعة من { $victim }
say-choose = الحركات المتاحة، من 1 إلى { $count }: { $moves }.
say-board = لوحة لودو. يُقرأ ما يحدث وخياراتك: اضغط المسافة لترمي النرد، ورقمًا لتحرّك.
say-widget = { $label }
say-widget-button = { $label }، زر
say-widget-checkbox = { $label }، مربع اختيار، { $state }
say-widget-choice = { $label }، { $state }
say-widget-list = { $label }، قائمة
say-widget-slider = { $label }، منزلق، { $state }
say-widget-text = { $label }، حقل نص
say-widget-section = { $label }، قسم
say-checked = محدد
say-unchecked = غير محدد
say-chosen = مختار
say-not-chosen = غير مختار

# مراجعة لعبة منتهية، والألعاب السابقة
review-title = المراجعة
review-close = رجوع
review-where = الخطوة { $step } من { $steps } · الدور { $turn }
review-start = تبدأ اللعبة.
review-back = خطوة إلى الوراء
review-forward = خطوة إلى الأمام
review-play = تشغيل
review-pause = إيقاف مؤقت
review-next-capture = الأخذ التالي
review-next-six = الستة التالية
review-next-mistake = الخطأ التالي
review-try-again = جرّبها مرة أخرى
review-hints = طُلبت تلميحات في هذه اللعبة: { $who }
review-chart-win = فرصة الفوز بعد كل دور
review-chart-place = المركز المتوقع بعد كل دور
review-chart-loading = جارٍ تقييم اللعبة…
review-place = المركز { $place }
review-moments = لحظات حاسمة
review-no-moments = لم يغيّر أي دور فرص أحد كثيرًا.
review-moment = الدور { $turn }: { $what } — { $who } { $before } ← { $after }
review-moment-cause = { $moment } ({ $cause })
review-cause-dice = النرد
review-cause-play = قرار
review-dice-local = جاء النرد من بذرة على هذا الجهاز ({ $seed })، ونردها يرمي كل رميات اللعبة الـ{ $rolls }.
review-dice-no-seed = لا بذرة في هذا السجل: لا يمكن فحص نرده.
review-dice-fair = فُحص النرد على هذا الجهاز: قيمة SHA-256 للبذرة هي التجزئة المرسلة قبل أول رمية، ونردها يرمي كل رميات اللعبة الـ{ $rolls }.
review-dice-bad-seed = فشل فحص النرد: قيمة SHA-256 للبذرة المكشوفة ليست التجزئة المرسلة قبل أول رمية.
review-dice-bad-roll = فشل فحص النرد: رمت الخطوة { $step } الرقم { $got }، لكن النرد الموعود يرمي { $expected } هناك.
review-dice-unplayable = فشل فحص النرد: لا يمكن إعادة اللعبة ({ $error }).
review-dice-sealed-fair = فُحص النرد على هذا الجهاز: سرّ الخادم وأسرار { $shares } من اللاعبين هي التي وُعد بها قبل الرمية الأولى، والنرد الذي تختمه يرمي كل رميات اللعبة الـ{ $rolls }.
review-dice-bad-share = فشل فحص النرد: السرّ المكشوف للمقعد { $seat } ليس الذي وعد به جهازه.
review-dice-not-a-secret = فشل فحص النرد: في هذا الملف سرّ ليس من 64 رقمًا ست عشريًا.
past-title = الألعاب السابقة
past-none = لا توجد ألعاب منتهية بعد. تُحفظ هنا كل لعبة تنهيها هنا أو عبر الإنترنت (آخر 100).
past-exported = صُدّرت إلى { $path }
past-review = راجع
past-export = صدّر
past-open-file = افتح ملف لعبة…
past-online = عبر الإنترنت
past-here = على هذا الجهاز
past-cpu = الحاسوب ({ $level })
past-place = { $place }. { $name }

# ردود الفعل على الطاولة عبر الإنترنت.
hud-react = ردود الفعل
react-title = تفاعل
react-mute = إخفاء ردود { $name }
say-reacted = { $who }: { $what }
reaction-thumbs-up = إعجاب
reaction-laugh = ضحك
reaction-wow = دهشة
reaction-sad = حزن
reaction-heart = قلب
reaction-good-game = لعبة جيدة
reaction-nice-roll = رمية رائعة!
reaction-oops = عفوًا
reaction-hurry-up = أسرع
reaction-well-played = أحسنت اللعب
reaction-thanks = شكرًا

# اللعب السريع.
menu-quick-play = لعب سريع
quick-title = لعب سريع:
quick-seats = { $seats } لاعبين
quick-about = العب مع أي أحد: أولًا من تقارب تصنيفاتهم تصنيفك، وبعد 20 ثانية يأخذ الحاسوب المقاعد التي لم يأتِ إليها أحد.
quick-looking = البحث عن طاولة لـ{ $seats }…
quick-waiting = { $n ->
    [zero] لا أحد ينتظر
    [one] لاعب واحد ينتظر
    [two] لاعبان ينتظران
    [few] { $n } لاعبين ينتظرون
   *[other] { $n } لاعبًا ينتظرون
}
quick-cancel = إلغاء
menu-leaderboard = لوحة المتصدرين
leaderboard-about = أفضل التصنيفات على الخادم من المباريات المصنفة (شخص في كل مقعد، القواعد القياسية)؛ يظهر اللاعب بعد { $n } منها.
leaderboard-you = ترتيبك { $place }، بتصنيف { $rating }.
leaderboard-not-yet = لست عليها بعد: يلزم { $n } مباريات مصنفة.
leaderboard-none = لا أحد بعد.
