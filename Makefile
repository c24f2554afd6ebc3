# Ludo — the two commands of the quick start are `make play` and `make test`.
# Both install what is missing (Debian packages, as root or through sudo) and then build.

SHELL := /bin/bash
.DEFAULT_GOAL := help

# One build folder outside the clone, shared with CI, so nothing is built twice.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/ludo-target
# winit wants a runtime folder; a CI shell has none.
export XDG_RUNTIME_DIR ?= /tmp/ludo-runtime-$(shell id -u)
ARTIFACTS ?= artifacts

# What building the game needs (ALSA for sound, udev for gamepads, Wayland/X keyboard).
BUILD_PACKAGES := pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev
# What the tests add: a virtual X display with a software Vulkan driver for screenshots, the
# Linux accessibility bus with its Python client (the screen-reader test), and PostgreSQL (the
# room servers' cluster tests start their own from it).
TEST_PACKAGES := xvfb xauth mesa-vulkan-drivers at-spi2-core python3-pyatspi dbus postgresql-15 systemd python3-yaml

# The room server is a workspace of its own (its dependencies never touch the game's build):
# the server and its test and operations tools (`ludo-server-tools`: ludo-load, ludo-cluster,
# the long_game example).
SERVER := --manifest-path crates/ludo-server/Cargo.toml
SERVER_ALL := $(SERVER) --workspace
# The tools for developers and tests (src/dev: `--screenshot`, `--strip`) are a cargo feature
# that players' builds (`make play`, `make dist`, `make web`) leave out; every build of the
# game `make test` makes turns it on, so that it is one build.
DEV_TOOLS := --features ludo/dev
ADDR ?= 127.0.0.1
PORT ?= 8080

PHONY_DEPLOY := deploy-check
.PHONY: $(PHONY_DEPLOY) cluster postgres-deps help play test test-builds native-test-builds web-test-build native-tests browser-tests browser-page-test native-test-run browser-served-tests build deps test-deps web-deps lint bench simulate screenshot web serve web-test web-floor web-floor-time server server-test load dist dist-test

help:
	@echo "make play   - install what is missing, build and start the game"
	@echo "make test   - install what the tests need and run the whole suite"
	@echo "make lint   - cargo fmt --check and cargo clippy --all-targets"
	@echo "make bench  - criterion benchmark of the rules engine (games per second)"
	@echo "make web    - build the browser version into web/dist"
	@echo "make dist   - release bundles in dist/: the Linux game (binary, assets, docs) and the browser build"
	@echo "make server - the room server on http://127.0.0.1:8080 with the browser build (ADDR=, PORT=)"
	@echo "make load   - the room server under load: 2000 rooms of four bots for 30 s (ROOMS=, LOAD_SECONDS=, THINK=), on one node and on three sharing PostgreSQL"
	@echo "make cluster - three room servers on 127.0.0.1:8081-8083 sharing a scratch PostgreSQL (NODES=, STORE=postgres://...)"
	@echo "make web-floor - build the smallest program on the game's stack, for its size"
	@echo "make web-floor-time - time a first visit to a click's answer, the game beside that program"

deps:
	@scripts/install-packages.sh $(BUILD_PACKAGES)

test-deps: deps web-deps
	@scripts/install-packages.sh $(TEST_PACKAGES)

# PostgreSQL's programs, for a cluster of room servers (its data is a scratch folder's).
postgres-deps:
	@scripts/install-packages.sh postgresql-15

# The browser build's tools come from npm (Node.js may come from elsewhere than Debian);
# its test drives Debian's Chromium.
web-deps:
	@command -v npm >/dev/null || scripts/install-packages.sh nodejs npm
	@scripts/install-packages.sh chromium brotli

build: deps
	cargo build --workspace

play: build
	cargo run --bin ludo

# The whole suite: formatting, every crate's tests (rules, CLI, game; in the dev profile, the
# one the game is built in), then what a player sees (screenshots of the game under Xvfb, and
# the browser build in headless Chromium) and the engine's speed figure beside the floor
# loop's (which fails if it ever plays a game differently from the engine). Everything native
# is the dev build, rules engine optimised: no crate is compiled a second time for release
# (`make simulate` and `make bench` give the release figures), and the CLI and the speed floor
# run as the workspace's build made them (`cargo run -p ludo-cli` alone would unify features
# differently and compile them again).
#
# Two lanes at a time (`-j2`, docs/PERFORMANCE.md): the native builds, then every native test;
# beside them the browser build, its page test (while the native builds finish), then, once
# the native builds are there too (the room server, the desktop game), the browser tests the
# room server serves; the browser lane's lines are marked [browser]. Each lane fills the
# other's idle core: the builds' one-core ends, the browser tests' waits. The pictures end the
# native lane (each draws only its last frames).
test: test-deps
	cargo fmt --all --check
	cargo fmt $(SERVER) --all --check
	$(MAKE) --no-print-directory -j2 native-tests browser-tests

native-tests: native-test-builds
	@$(MAKE) --no-print-directory native-test-run
	@$(MAKE) --no-print-directory screenshot
# The page test needs the browser build alone (it serves web/dist itself): it runs beside the
# native builds' end. The others need the room server and the desktop game too.
browser-page-test: web-test-build
	@set -o pipefail; ARTIFACTS=$(abspath $(ARTIFACTS)) node web/test.mjs 2>&1 | sed -u 's/^/[browser] /'
browser-tests: browser-page-test native-test-builds
	@set -o pipefail; $(MAKE) --no-print-directory browser-served-tests 2>&1 | sed -u 's/^/[browser] /'

# Every native test but the pictures, on the builds there are.
native-test-run:
	LUDO_SERVER=$(CARGO_TARGET_DIR)/debug/ludo-server cargo test --profile dev --workspace $(DEV_TOOLS)
	cargo test --quiet --profile dev -p ludo-cpu --no-default-features --lib -- value_net networks_asked
	$(MAKE) --no-print-directory server-test
	$(MAKE) --no-print-directory dist-test
	$(CARGO_TARGET_DIR)/debug/ludo-cli simulate --games 100000 --seed 1
	$(CARGO_TARGET_DIR)/debug/examples/speed_floor 100000 1
	@# Luck or skill in a recorded game, as a player's table (docs/ANALYSIS.md).
	@mkdir -p $(ARTIFACTS)
	$(CARGO_TARGET_DIR)/debug/ludo-cli record --seats 4 --seed 5 > $(ARTIFACTS)/analyse-record.json
	$(CARGO_TARGET_DIR)/debug/ludo-cli analyse $(ARTIFACTS)/analyse-record.json > $(ARTIFACTS)/analyse.txt && cat $(ARTIFACTS)/analyse.txt

# Everything the suite runs, built before any of it runs: the browser build beside the native
# ones (two builds at a time, `-j2`). The browser build's fat-LTO link, wasm-bindgen, wasm-opt
# and brotli each keep one core busy for minutes and the other idle; the native builds fill
# it. Each line's output says which build it is from. Every later step asks cargo for the
# same selections (the server's workspace `--bins --examples`, the game's workspace tests,
# the game's binary), so nothing is built with a second feature set (`cargo build -p ludo-cli`
# or `--bin ludo-server` alone unify features otherwise, and compile them again).
test-builds: native-test-builds web-test-build
native-test-builds:
	@set -o pipefail; { cargo build $(SERVER_ALL) --bins --examples \
		&& cargo test --profile dev $(SERVER_ALL) --no-run \
		&& cargo test --profile dev --workspace $(DEV_TOOLS) --no-run \
		&& cargo test --profile dev -p ludo-cpu --no-default-features --lib value_net --no-run; \
		} 2>&1 | sed -u 's/^/[native] /'
web-test-build:
	@set -o pipefail; LUDO_FEATURES=dev scripts/build-web.sh 2>&1 | sed -u 's/^/[web] /'

# What a player sees, under a virtual display: every picture scripts/screenshots.toml lists
# (the menu, the table at the start, a CPU game in progress, the results and the online lobby
# at five window sizes from 1920x1080 to an upright 360x640 in English and Arabic; five and
# six seats on the radial boards at the same sizes, their games just after a capture, a
# six-seat capture's strip; quick play, the dice sealed, the leaderboard, the dice counted, the windows
# upright, five languages, the review, frame strips of the moments of play), taken by
# scripts/screenshots.py:
# it runs the built game once per picture, one game per core at a time (SHOTS_JOBS=), each
# game's log beside its picture, starts a room server of its own on loopback for
# the shots that need one, and fails on the first picture the game's own check (pieces and
# squares where the engine says, every window wholly on the screen, no text cut) or
# check-png.py (missing, tiny or blank) refuses; each report is the .json beside the .png.
# A run that waits for the results plays the game without drawing it and draws only its last
# frames. `make screenshot ONLY=review` takes only the pictures whose names have "review".
# Last, the menu as a screen reader on Linux reads it (AT-SPI): its buttons by name.
# The X authority file is ours (in the runtime folder): xvfb-run then has no temporary
# folder of its own to remove, a removal that once failed on CI after a passing run (exit 5).
XVFB_RUN := xvfb-run -a -f $(XDG_RUNTIME_DIR)/Xauthority
XVFB := $(XVFB_RUN) -s "-screen 0 1280x720x24"
screenshot:
	@mkdir -p $(ARTIFACTS) && mkdir -p -m 700 $(XDG_RUNTIME_DIR)
	cargo build --quiet --bin ludo $(DEV_TOOLS)
	cargo test --quiet --profile dev --workspace $(DEV_TOOLS) --no-run
	cargo build --quiet $(SERVER_ALL) --bins --examples
	ONLY=$(ONLY) python3 scripts/screenshots.py scripts/screenshots.toml $(CARGO_TARGET_DIR)/debug/ludo \
		$(CARGO_TARGET_DIR)/debug/ludo-server $(ARTIFACTS)
	@# What a screen reader on Linux reads of the menu (AT-SPI, through AccessKit).
	$(XVFB) scripts/atspi-test.sh $(CARGO_TARGET_DIR)/debug/ludo $(ARTIFACTS)/atspi-menu.json

# Downloads: the Linux game as a release build (it runs from any folder: the assets are built
# in, and the assets/ folder beside it is read first, for modders), and the browser build.
dist: deps web
	scripts/dist.sh linux release dist
	scripts/dist.sh web dist

# The Linux bundle (packaging the build the tests already have) unpacked and started from
# another folder: the menu's words, a CPU game against the engine, the language files gone or
# broken, and an asset that never arrives (a bounded wait, then an error that names it).
dist-test:
	@mkdir -p $(ARTIFACTS) && mkdir -p -m 700 $(XDG_RUNTIME_DIR)
	ARTIFACTS=$(abspath $(ARTIFACTS)) scripts/dist-test.sh

# The browser version: a size-tuned wasm, its JS glue, the page and the assets in web/dist,
# with brotli and gzip copies of the page, the glue and the wasm.
web: web-deps
	scripts/build-web.sh

# The size floor: a window, a sprite, an egui button and a sound on the game's stack, built
# like the game (examples/size_floor.rs into web/floor).
web-floor: web-deps
	scripts/build-web.sh floor

# The time a first visit waits for a click's answer, the game beside the floor, each served by
# the room server on loopback and at 10 Mbit/s (web/floor-time.mjs; ROUNDS= visits, 3).
web-floor-time: web web-floor
	cargo build --quiet $(SERVER_ALL) --bins --examples
	ARTIFACTS=$(abspath $(ARTIFACTS)) LUDO_SERVER=$(CARGO_TARGET_DIR)/debug/ludo-server node web/floor-time.mjs

# The room server, serving the browser build too: one command, a working site. Its database
# is $XDG_DATA_HOME/ludo/server.sqlite unless DB= says otherwise; its figures for monitoring
# are at http://127.0.0.1:9464/metrics (METRICS_ADDR=), never on the game's address.
METRICS_ADDR ?= 127.0.0.1:9464
server: web
	cargo build --release $(SERVER) --bin ludo-server
	$(CARGO_TARGET_DIR)/release/ludo-server --addr $(ADDR) --port $(PORT) --web web/dist $(if $(DB),--db $(DB)) \
		--metrics-addr $(METRICS_ADDR)

serve: server

# The server's tests (a server of their own on 127.0.0.1 each); the record of their online
# game replayed by ludo-cli to the server's ranking, its dice and the six-seat game's checked;
# then short load runs: 50 rooms of four bots for 3 s on loopback (one node), for 10 s on three
# nodes with the bots in two processes and the first node killed 2 s in (failing if any of its
# rooms is not played again), and of six bots, each failing if any bot sees an event the
# engine would not have caused or if the nodes' /metrics disagree with what the bots counted;
# then three nodes restarted in turn under load, as a deploy does (a device not playing again
# fails it).
server-test:
	@mkdir -p $(ARTIFACTS)
	ARTIFACTS=$(abspath $(ARTIFACTS)) cargo test --profile dev $(SERVER_ALL)
	@# The rooms, quick play, the leaderboard, hostile clients and the finished games again,
	@# each server on a database of its own in a PostgreSQL the tests start.
	LUDO_TEST_STORE=postgres cargo test --profile dev $(SERVER_ALL) --test rooms --test quick --test hostile --test http
	@# The CLI as the workspace's test build makes it (up to date in make test: a second).
	cargo test --quiet --profile dev --workspace $(DEV_TOOLS) --no-run
	$(CARGO_TARGET_DIR)/debug/ludo-cli replay $(ARTIFACTS)/online-record.json > $(ARTIFACTS)/online-replay.json
	python3 -c 'import json, sys; a = json.load(open(sys.argv[1]))["ranking"]; b = json.load(open(sys.argv[2])); \
		sys.exit(0 if a == b else "ludo-cli replay ranks the online game differently from the server")' \
		$(ARTIFACTS)/online-replay.json $(ARTIFACTS)/online-ranking.json
	@echo "online game: ludo-cli replay of the server's record gives the server's ranking"
	$(CARGO_TARGET_DIR)/debug/ludo-cli replay $(ARTIFACTS)/cluster-record.json > $(ARTIFACTS)/cluster-replay.json
	python3 -c 'import json, sys; a = json.load(open(sys.argv[1]))["ranking"]; b = json.load(open(sys.argv[2])); \
		sys.exit(0 if a == b else "ludo-cli replay ranks the game that moved nodes differently from the server")' \
		$(ARTIFACTS)/cluster-replay.json $(ARTIFACTS)/cluster-ranking.json
	@echo "a game whose node was killed: ludo-cli replay of its record gives the server's ranking"
	$(CARGO_TARGET_DIR)/debug/ludo-cli verify $(ARTIFACTS)/online-game.json > $(ARTIFACTS)/online-verify.txt
	@grep -q "dice: fair" $(ARTIFACTS)/online-verify.txt
	@echo "online game: ludo-cli verify checks its dice, sealed by the server and four devices' shares"
	$(CARGO_TARGET_DIR)/debug/ludo-cli verify $(ARTIFACTS)/online-six-game.json > $(ARTIFACTS)/online-six-verify.txt
	@grep -q "dice: fair" $(ARTIFACTS)/online-six-verify.txt
	@echo "online six-seat game: ludo-cli verify checks its dice"
	cargo build --quiet $(SERVER_ALL) --bins --examples
	$(CARGO_TARGET_DIR)/debug/ludo-load --rooms 50 --seconds 3
	$(CARGO_TARGET_DIR)/debug/ludo-load --rooms 50 --seconds 10 --nodes 3 --procs 2 --kill-after 2 --lease-ms 1500
	$(CARGO_TARGET_DIR)/debug/ludo-load --rooms 50 --seconds 3 --seats 6
	$(CARGO_TARGET_DIR)/debug/ludo-load --rooms 50 --seconds 12 --nodes 3 --roll-after 2 --lease-ms 1500
	$(MAKE) --no-print-directory deploy-check

# The recipes in deploy/ checked as far as this machine can (scripts/check-deploy.py):
# systemd-analyze verify on the unit, the Dockerfile's and compose.yaml's structure, and every
# flag they pass known to the server.
deploy-check:
	cargo build --quiet $(SERVER) --bin ludo-server
	python3 scripts/check-deploy.py $(CARGO_TARGET_DIR)/debug/ludo-server
	$(CARGO_TARGET_DIR)/debug/ludo-load --quick 200 --nodes 3

# The figures of docs/PERFORMANCE.md: bounded in rooms and time, loopback only.
ROOMS ?= 2000
LOAD_SECONDS ?= 30
QUICK ?= 2000
load: postgres-deps
	cargo build --release $(SERVER_ALL) --bins
	$(CARGO_TARGET_DIR)/release/ludo-load --rooms $(ROOMS) --seconds $(LOAD_SECONDS) $(if $(THINK),--think-ms $(THINK))
	$(CARGO_TARGET_DIR)/release/ludo-load --rooms $(ROOMS) --seconds $(LOAD_SECONDS) $(if $(THINK),--think-ms $(THINK)) --nodes 3
	$(CARGO_TARGET_DIR)/release/ludo-load --quick $(QUICK)

# Three room servers on 127.0.0.1:8081-8083 sharing a PostgreSQL of their own (a scratch
# folder; STORE= names one to share instead), each serving the browser build. A device may
# use any of them; `kill -9` one and its rooms go on through another. Ctrl-C stops it all.
NODES ?= 3
cluster: web postgres-deps
	cargo build --release $(SERVER_ALL) --bins
	$(CARGO_TARGET_DIR)/release/ludo-cluster --nodes $(NODES) --port 8081 --web web/dist $(if $(STORE),--store $(STORE))

# The game in a real headless browser: menu, a whole 4-CPU game, results; no console error.
# Then the same build served by the room server through an invite link (brotli on the wire),
# and two devices (browser contexts) at one online table to the results, one leaving and
# coming back, and a desktop game under Xvfb with a page at its table.
web-test: web-deps
	LUDO_FEATURES=dev scripts/build-web.sh
	ARTIFACTS=$(abspath $(ARTIFACTS)) node web/test.mjs
	$(MAKE) --no-print-directory browser-served-tests

# The browser tests that the room server serves, on the browser build there is (web/dist).
browser-served-tests:
	cargo build --quiet $(SERVER_ALL) --bins --examples
	cargo build --quiet --bin ludo $(DEV_TOOLS)
	ARTIFACTS=$(abspath $(ARTIFACTS)) LUDO_SERVER=$(CARGO_TARGET_DIR)/debug/ludo-server node web/server-test.mjs
	ARTIFACTS=$(abspath $(ARTIFACTS)) LUDO_SERVER=$(CARGO_TARGET_DIR)/debug/ludo-server node web/phone-test.mjs
	ARTIFACTS=$(abspath $(ARTIFACTS)) LUDO_SERVER=$(CARGO_TARGET_DIR)/debug/ludo-server \
		LUDO_GAME=$(CARGO_TARGET_DIR)/debug/ludo LUDO_LONG_GAME=$(CARGO_TARGET_DIR)/debug/examples/long_game \
		node web/online-test.mjs

lint: deps
	cargo fmt --all --check
	cargo fmt $(SERVER) --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy --workspace --all-targets $(DEV_TOOLS) -- -D warnings
	cargo clippy $(SERVER_ALL) --all-targets -- -D warnings

bench:
	cargo bench -p ludo-core --bench engine

simulate:
	cargo run --release -p ludo-cli -- simulate --games 200000 --seed 1
