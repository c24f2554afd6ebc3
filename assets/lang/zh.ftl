# Ludo — 简体中文.

language-name = 简体中文
language-direction = ltr
language-font = DroidSansFallback-ludo.ttf

## Seats and players

colour-yellow = 黄
colour-blue = 蓝
colour-red = 红
colour-green = 绿
colour-purple = 紫
colour-orange = 橙
level-random = 随机
level-easy = 简单
level-normal = 普通
level-hard = 困难
level-expert = 专家
cpu-name = CPU（{ $level }）
plate-cpu = CPU
player-default-name = 玩家 { $n }
player-unnamed = 玩家
seat-name = { $colour }方 { $player }

## Main menu

menu-tagline = 2至6人 · 真人与CPU · 所有自定义规则
menu-continue = 继续
menu-new-table = 新游戏桌
menu-rules = 规则
menu-profiles = 玩家档案
menu-past-games = 往局
menu-settings = 设置
menu-quit = 退出

## Settings

settings-title = 设置
settings-cpu-speed = CPU速度
settings-animation = 动画
settings-theme = 主题
settings-language = 语言
settings-auto-move = 只有一种走法时自动走
settings-master-volume = 总音量（dB）
settings-effects-volume = 音效音量（dB）
settings-music-volume = 音乐音量（dB）
settings-mute = 静音
settings-fullscreen = 全屏
settings-text-size = 文字大小
settings-percent = { $n }%
settings-high-contrast = 高对比度（黑底白字）
settings-reduced-motion = 减少动画（不翻滚、不跳动、不闪烁）
speed-slow = 慢
speed-normal = 普通
speed-fast = 快
speed-instant = 即时

## The table (HUD)

hud-new-table = 新游戏桌…
sentence-stop = 。
sentence-gap = {""}
hud-house-rules = 自定义规则：{ $rules }
hud-at-goal = { $n }/4 到达终点
hud-cpu-plays-for = CPU代替{ $name }走棋
hud-time-left = 本回合还剩{ $secs }秒
hud-die = 骰子：{ $face }
hud-log = 记录
hud-hint = 提示
hud-hint-given = 提示：走棋子 { $piece } 最好，比次好的走法高 { $points } 点胜率。
hud-hint-even = 提示：走棋子 { $piece } 最好；其他走法差不多一样好。
plate-cpu-plays = 由电脑代打
plate-with-partner = 与{ $partner }一组
plate-reconnecting = 正在重新连接…
choose-title = 哪一枚棋子？
choose-marked = 移动标记的棋子。
choose-move = 移动
choose-other = 另一枚
hud-rules = 规则
hud-pause = 暂停（Esc）
hud-pause-touch = 暂停
prompt-wins = { $who }获胜！
prompt-pair-wins = { $who } 和 { $partner } 获胜！
prompt-for-partner = { $who } 已全部到家，改走 { $partner } 的棋子
prompt-thinking = { $who }正在思考…
prompt-roll-off = { $who }：掷骰子决定先手（点击骰子或按空格键）
prompt-roll = { $who }：掷骰子（点击骰子或按空格键）
prompt-release = { $who }：点击骰子放出一枚棋子
prompt-move = { $who }：你掷出了{ $roll } — 选择一枚发光的棋子（点击，按1–{ $moves }，或Tab加Enter）
prompt-roll-off-touch = { $who }：点击骰子决定先手
prompt-roll-touch = { $who }：点击骰子掷骰
prompt-move-touch = { $who }：你掷出了{ $roll } — 点击一枚发光的棋子

## What happened (the log)

log-new-game = 新的一局开始了。
log-rolls = { $who }掷出{ $value }
log-rolls-first = { $who }为先手掷出{ $value }
log-starts = { $who }先走
log-cannot-move = { $who }无法移动
log-captures = { $who }吃掉了{ $victim }的一枚棋子！
log-home = { $who }有一枚棋子抵达终点
log-three-sixes = 连续三次6：{ $who }的回合结束
log-extra-roll = { $who }再掷一次（{ $why }）
why-six = 掷出6
why-capture = 吃子
why-goal = 抵达终点
why-retry = 再试一次
list-separator = {"、"}
log-finishes = { $who }完成，第{ $place }名

## Pause

pause-title = 已暂停
pause-resume = 继续（Esc）
pause-resume-touch = 继续
pause-leave-seat = { $name }离开（由CPU代走）
pause-take-seat = { $name }回到座位
pause-rules = 规则
pause-restart = 重新开始这一桌
pause-new-table = 新游戏桌…
pause-to-menu = 返回菜单
pause-quit = 退出

## Results

results-title = 结果
results-rank = 名次
results-seat = 座位
results-at-goal = 抵达终点
results-out-of-base = 离开基地
results-progress = 行进距离
results-rating = 等级分
results-shared = { $rank }（并列）
results-story = 本局数据
results-captures-made = 吃子
results-captures-suffered = 被吃
results-sixes = 掷出6
dice-title = 骰子
dice-rolls = 掷骰次数
dice-all = 全部
dice-fair-each = 公平的骰子：每个点数 { $each } 次
dice-verdict-random = 和骰子应有的一样随机
dice-verdict-unusual = 不常见，但公平的骰子大约每 { $n } 局会出现一次
dice-verdict-few = 掷骰次数太少，无法判断
dice-p = 卡方 { $chi }，p = { $p }
dice-checked-fair = 已在本设备上核对骰子：公平。
dice-checked-local = 已在本设备上核对骰子：公平（本设备自己的种子）。
dice-sealed-by = 由服务器和 { $devices } 位玩家的设备共同封定。
dice-sealed-alone = 仅由服务器封定：桌上没有玩家的设备。
dice-left-out = 有 { $left } 台设备的份额没有按时到达，未被计入。
dice-sealing = 正在封定骰子…
dice-left-out-one = 未计入
dice-promises = 承诺（SHA-256）
dice-promise-server = 服务器
past-dice = 你最近 { $games } 局的骰子
past-luck = 你最近 { $games } 局的运气与棋艺
past-luck-sum = 你的骰子运气逐局累计：胜率 { $points } 点。公平的骰子让它在零附近徘徊。
past-luck-adjusted = 去除运气后的结果：胜 { $rate }%，± { $margin }（95%）。
past-luck-adjusted-later = 分析满 { $games } 局后显示去除运气后的结果。
past-error-trend = 失分率：较早的对局 { $old }，较近的对局 { $new }。
results-turns = 回合
results-play-again = 再玩一局
results-change-table = 更改游戏桌…
results-review = 复盘本局
results-link = 任何人都可以在 { $link } 复盘本局
results-luck-good = 好骰子：胜率 { $points } 点
results-luck-bad = 骰子不顺：胜率 { $points } 点
results-luck-even = 骰子平常：胜率 { $points } 点
results-analysing = 正在评估骰子和走法…
results-play = 失手 { $mistakes } 次，大失手 { $blunders } 次 · 失分率 { $rate }
results-worst-move = 你最不好的一步
results-hints = 使用提示：{ $hints } 次
results-luck = 骰子得失
results-luck-own = 自己掷的
results-luck-adjusted = 不计骰子的结果
results-decisions = 决定
results-inaccuracies = 不准确
results-mistakes = 失手
results-blunders = 大失手
results-error-rate = 失分率
analysis-title = 骰子与走法
analysis-best = 最好的一步
analysis-good = 好的一步
analysis-inaccuracy = 不准确
analysis-mistake = 失手
analysis-blunder = 大失手
analysis-played-best = { $class }：走了最好的一步。
analysis-better = { $mark }{ $class }：少了胜率 { $points } 点。棋子 { $piece } 更好：{ $best } 对 { $played }。

## Table setup

setup-title = 新游戏桌
setup-seats = 座位
setup-empty = 空
setup-person = 真人
setup-cpu = CPU
setup-fill = 用CPU填满空座位
setup-turn-limit = 回合时限
setup-no-limit = 无
setup-seconds = { $secs }秒
setup-presets = 规则预设：
setup-house-rules = 自定义规则
setup-reset = 恢复标准规则
setup-not-standard = 非标准
setup-start = 开始
setup-need-seats = 一桌需要2至6个座位。
setup-partners-need-four = 两人一组的玩法需要四个座位。
setup-ranked = 排名赛
setup-not-ranked = 不计排名：{ $why }

preset-standard = 标准
preset-standard-about = 规则书中的标准玩法：掷出6离开基地，连续三次6结束回合，吃子后再掷一次，起点和星星是安全格，2枚叠放无法通过，须刚好抵达终点，最先全部到达者获胜。
preset-by-player-count = 按人数
preset-by-player-count-about = 标准玩法，只画出有人坐的那几条臂：两人用横向棋盘，三人用T形，四人用十字形。
preset-relaxed = 自在
preset-relaxed-about = 更短的一局：掷出1或6离开基地，路线上没有棋子时最多掷三次，抵达终点后再掷一次，超过终点的点数也算。
preset-quick = 快速
preset-quick-about = Ludo STAR 的快速玩法：第一枚棋子到家即获胜；在吃掉对手之前，棋子要再绕一圈。
preset-master = 高手
preset-master-about = 四枚棋子全部到家才获胜，但在吃掉对手之前，棋子要再绕一圈。
preset-partners = 两人一组
preset-partners-about = 2对2：相对的两人一组，不能吃对家的棋子，可以同在一格；棋子全部到家的玩家继续走对家的棋子；两人都到家时这一组获胜。
preset-gentle = 温和
preset-gentle-about = 适合小朋友：没有叠放阻挡，所有起点和星星都是安全格，掷出5或6离开基地，连续掷出6没有限制。
preset-tournament = 锦标赛
preset-tournament-about = 完整排名：所有人掷骰子决定谁先开始，一直玩到每个名次都确定。

## House rules (the setup and the rule book)

rule-board = 棋盘
rule-exit-numbers = 离开基地的点数
rule-no-piece-in-play = 路线上没有棋子时
rule-three-sixes = 连续三次6结束回合
rule-extra-roll-on-capture = 吃子后再掷一次
rule-extra-roll-on-goal = 抵达终点后再掷一次
rule-safe-squares = 安全格
rule-impassable = 无法通过的格子
rule-exact-finish = 刚好抵达终点
rule-pieces-to-win = 获胜所需到家棋子
rule-capture-before-home = 吃子后才能回家
rule-teams = 两人一组
rule-team-blocks = 你和对家的棋子可叠放阻挡
rule-team-wins = 一组获胜的条件
rule-rank-all = 确定所有人排名
rule-rotate-first-player = 下一局由下一位先开始
rule-first-player = 先手
choice-on = 开启
choice-off = 关闭
choice-or = { $a }或{ $b }
rule-board-always-cross = 始终十字形
rule-board-by-player-count = 按人数
rule-no-piece-in-play-normal = 照常掷骰子
rule-no-piece-in-play-release-without-rolling = 不掷骰子直接放出
rule-no-piece-in-play-up-to-three-rolls = 最多掷三次
rule-safe-squares-starts-and-stars = 起点和星星
rule-safe-squares-starts-only = 仅起点
rule-safe-squares-none = 无
rule-impassable-blocks-of-two = 2枚叠放
rule-impassable-none = 无
rule-impassable-no-overtaking = 禁止超越
rule-first-player-first-seat = 第一个座位
rule-first-player-roll-off = 掷骰子决定
rule-teams-none = 一人一组
rule-teams-pairs = 相对的两人一组
rule-team-wins-both-home = 两人都到家
rule-team-wins-one-home = 一人到家

## Rule book

book-title = 规则
book-how = 玩法
book-how-1 = 2至6名玩家，每人有4枚棋子在基地等待，基地是自己颜色的大区域。4人在十字棋盘上玩；5人和6人在每个座位各有一条臂的棋盘上玩。
book-how-2 = 轮到你时，掷骰子，让自己的一枚棋子按点数顺时针前进。没有棋子能走时，这次掷骰作废。
book-how-3 = 只有掷出出基地点数，棋子才能从基地移到起点；这会用掉整次掷骰。
book-how-4 = 掷出6可再掷一次。连续三次6会立即结束回合（自定义规则）。
book-how-5 = 刚好停在对手单独一枚、且不在安全格上的棋子上，它就会回到基地；你再掷一次。
book-how-6 = 同色两枚棋子在同一格形成路障：对手不能通过，也不能停在那里。
book-how-7 = 绕棋盘一整圈后，棋子转入自己颜色的终点通道，别人不能进入，然后前往中央的终点。
book-how-8 = 最先让4枚棋子全部抵达终点的玩家获胜。其他人依次按抵达终点的棋子数、离开基地的棋子数、这些棋子走过的距离排名。
book-star = 星星
book-block = 路障
book-home-column = 终点通道
book-table-rules = 本桌的自定义规则
book-standard = 标准
book-not-standard = 非标准（标准：{ $standard }）
book-glossary = 用语
word-base = 基地
word-base-means = 棋子等待的角落区域，被吃的棋子也会回到这里
word-start = 起点
word-start-means = 棋子离开基地后放置的自己颜色的格子
word-track = 路线
word-track-means = 所有棋子绕行的一圈格子
word-star = 星星
word-star-means = 每个起点前方第8格；是安全格
word-safe = 安全格
word-safe-means = 棋子不会被吃的格子
word-block = 路障
word-block-means = 同色两枚或以上棋子所在的格子
word-home-column = 终点通道
word-home-column-means = 通往终点的5格自己颜色的通道
word-goal = 终点
word-goal-means = 棋盘中央
word-exit = 出基地点数
word-exit-means = 让棋子离开基地的点数
word-extra-roll = 再掷一次
word-extra-roll-means = 因掷出6或吃子，在同一回合再掷一次
book-questions = 常见问题
faq-leave = 如何离开基地？
faq-leave-answer = 掷出出基地点数（除非本桌另有选择，否则为6）。掷不出就无法行动，回合结束。
faq-capture = 如何吃子？
faq-capture-answer = 刚好停在对手单独一枚、且不在安全格上的棋子上。它会回到基地，你再掷一次。
faq-safe = 有安全的格子吗？
faq-safe-answer = 有：起点和星星。另外，你的两枚棋子叠在一起时，对手不能通过也不能停下。
faq-exact = 抵达终点需要刚好的点数吗？
faq-exact-answer = 默认需要：会让棋子越过终点的点数不能移动这枚棋子。

## Profiles

profiles-title = 玩家档案
profiles-explain = 当规则为标准规则、且桌上每位真人都有档案时（CPU始终有档案），本局计入排名。
profiles-name = 名字
profiles-rating = 等级分
profiles-games = 局数
profiles-wins = 胜局
profiles-mean-rank = 平均名次
profiles-none = 还没有档案。
profiles-name-hint = 名字
profiles-add = 添加档案
profile-error-empty = 档案需要名字
profile-error-cpu-name = “{ $name }”是CPU的名字
profile-error-taken = 已有名为“{ $name }”的档案
ranked-not-standard = 自定义规则不是标准规则
ranked-same-seat = 两个座位都是{ $name }
ranked-no-profile = { $name }没有档案

## Problems shown to players

theme-problem-title = 主题问题
dismiss = 关闭
notice-ratings-not-saved = 无法保存等级分：{ $error }

## Online tables
menu-online = 在线游戏
menu-back-online = 回到牌桌 { $code }
online-title = 在线游戏
online-name = 你的名字
online-server = 服务器
online-create = 创建牌桌
online-create-about = 使用“新牌桌”的座位和家规；每位玩家的座位都留给朋友。
online-code = 牌桌代码
online-join = 加入
online-connecting = 正在连接…
online-reconnecting = 连接中断——正在重新连接…
online-invite = 朋友可用此代码加入，或打开此链接：
online-copy = 复制链接
online-seat-open = 空位——等待朋友
online-seat-empty = 无人
online-you = （你）
online-host = （房主）
online-away = 离开——由电脑代打
online-start = 开始
online-leave = 离开牌桌
online-waiting-host = 等待房主开始…
online-your-turn = 轮到你了！
online-turn-of = 轮到 { $who }
online-refused-room-full = 那张牌桌已满。
online-refused-game-started = 那张牌桌的游戏已经开始了。
online-refused-no-such-room = 没有这个代码的牌桌。
online-refused-version = 此 Ludo 与服务器版本不同；请更新游戏。
online-refused-full = 服务器现在无法再开一张牌桌。
online-refused-bad-token = 那个座位已不再属于你。
online-refused-not-enough-players = 至少需要两名玩家才能开始。
online-refused-partners-four = 两人一组的玩法需要四人同桌：请等到四个座位都坐满。
online-refused-other = 服务器拒绝了：{ $detail }
online-unreachable = 无法连接到服务器。
online-bad-code = 牌桌代码由 8 个字母和数字组成，例如 K7X9-PQTA。

# 屏幕阅读器读出的内容（浏览器的实时区域）：每一步，以及可选的走法。
say-enters = { $who }把第{ $piece }枚棋子移出基地
say-moves = { $who }把第{ $piece }枚棋子从{ $from }走到{ $to }
say-base = 基地
say-goal = 终点
say-square = 第{ $n }格
say-home-column = 终点通道第{ $n }格
say-option = { $n }：第{ $piece }枚棋子，从{ $from }到{ $to }
say-option-capture = { $n }：第{ $piece }枚棋子，从{ $from }到{ $to }，吃掉{ $victim }的棋子
say-choose = 可选的走法，1到{ $count }：{ $moves }。
say-board = Ludo 棋盘。发生的事和你的选择会被读出：按空格键掷骰子，按数字键走棋。
say-widget = { $label }
say-widget-button = { $label }，按钮
say-widget-checkbox = { $label }，复选框，{ $state }
say-widget-choice = { $label }，{ $state }
say-widget-list = { $label }，列表
say-widget-slider = { $label }，滑块，{ $state }
say-widget-text = { $label }，文本框
say-widget-section = { $label }，分组
say-checked = 已选中
say-unchecked = 未选中
say-chosen = 已选择
say-not-chosen = 未选择

# 已结束对局的复盘，以及往局
review-title = 复盘
review-close = 返回
review-where = 第 { $step } 步，共 { $steps } 步 · 第 { $turn } 轮
review-start = 对局开始。
review-back = 后退一步
review-forward = 前进一步
review-play = 播放
review-pause = 暂停
review-next-capture = 下一次吃子
review-next-six = 下一个六点
review-next-mistake = 下一个失手
review-try-again = 再试一次
review-hints = 本局使用了提示：{ $who }
review-chart-win = 每轮之后的胜率
review-chart-place = 每轮之后的预期名次
review-chart-loading = 正在评估对局…
review-place = 第 { $place } 名
review-moments = 关键时刻
review-no-moments = 没有哪一轮明显改变了谁的胜率。
review-moment = 第 { $turn } 轮：{ $what } — { $who } { $before } → { $after }
review-moment-cause = { $moment }（{ $cause }）
review-cause-dice = 骰子
review-cause-play = 走法
review-dice-local = 骰子来自本设备上的种子（{ $seed }），由它生成的骰子掷出了本局全部 { $rolls } 次点数。
review-dice-no-seed = 此记录没有种子：无法核验它的骰子。
review-dice-fair = 已在本设备上核验骰子：种子的 SHA-256 与第一次掷骰前发送的哈希一致，且由它生成的骰子掷出了本局全部 { $rolls } 次点数。
review-dice-bad-seed = 骰子核验失败：公布的种子的 SHA-256 与第一次掷骰前发送的哈希不符。
review-dice-bad-roll = 骰子核验失败：第 { $step } 步掷出 { $got }，但承诺的骰子在此应掷出 { $expected }。
review-dice-unplayable = 骰子核验失败：对局无法重放（{ $error }）。
review-dice-sealed-fair = 已在本设备上核对骰子：服务器的密钥和 { $shares } 位玩家的密钥都与第一次掷骰前承诺的一致，由它们封定的骰子掷出了本局全部 { $rolls } 次点数。
review-dice-bad-share = 骰子核对失败：为座位 { $seat } 公开的密钥不是其设备所承诺的那个。
review-dice-not-a-secret = 骰子核对失败：此文件中有一个密钥不是 64 位十六进制数字。
past-title = 往局
past-none = 还没有结束的对局。你在本机或在线完成的每一局都会保存在这里（最近 100 局）。
past-exported = 已导出到 { $path }
past-review = 复盘
past-export = 导出
past-open-file = 打开对局文件…
past-online = 在线
past-here = 本设备
past-cpu = 电脑（{ $level }）
past-place = 第 { $place } 名 { $name }

# 在线牌桌上的表情。
hud-react = 表情
react-title = 发个表情
react-mute = 隐藏{ $name }的表情
say-reacted = { $who }：{ $what }
reaction-thumbs-up = 点赞
reaction-laugh = 大笑
reaction-wow = 哇
reaction-sad = 难过
reaction-heart = 爱心
reaction-good-game = 好局
reaction-nice-roll = 掷得好！
reaction-oops = 哎呀
reaction-hurry-up = 快点
reaction-well-played = 打得好
reaction-thanks = 谢谢

# 快速开局。
menu-quick-play = 快速开局
quick-title = 快速开局：
quick-seats = { $seats }人
quick-about = 与任何人对战：优先匹配等级分相近的玩家；20秒后空位由电脑补上。
quick-looking = 正在寻找{ $seats }人牌桌…
quick-waiting = { $n }人在等待
quick-cancel = 取消
menu-leaderboard = 排行榜
leaderboard-about = 服务器上排位赛（每个座位都是真人、标准规则）的最高等级分；玩家下满{ $n }局后上榜。
leaderboard-you = 你排第{ $place }名，等级分{ $rating }。
leaderboard-not-yet = 你还没有上榜：需要下满{ $n }局排位赛。
leaderboard-none = 暂时没有人上榜。
