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
# What the tests add: a virtual X display with a software Vulkan driver for screenshots.
TEST_PACKAGES := xvfb xauth mesa-vulkan-drivers

.PHONY: help play test build deps test-deps web-deps lint bench simulate screenshot web serve web-test web-floor

help:
	@echo "make play   - install what is missing, build and start the game"
	@echo "make test   - install what the tests need and run the whole suite"
	@echo "make lint   - cargo fmt --check and cargo clippy --all-targets"
	@echo "make bench  - criterion benchmark of the rules engine (games per second)"
	@echo "make web    - build the browser version into web/dist"
	@echo "make serve  - build it and serve it on http://localhost:8080"
	@echo "make web-floor - build the smallest program on the game's stack, for its size"

deps:
	@scripts/install-packages.sh $(BUILD_PACKAGES)

test-deps: deps web-deps
	@scripts/install-packages.sh $(TEST_PACKAGES)

# The browser build's tools come from npm (Node.js may come from elsewhere than Debian);
# its test drives Debian's Chromium.
web-deps:
	@command -v npm >/dev/null || scripts/install-packages.sh nodejs npm
	@scripts/install-packages.sh chromium

build: deps
	cargo build --workspace

play: build
	cargo run --bin ludo

# The whole suite: formatting, every crate's tests (rules, CLI, game), then what a player
# sees (screenshots of the game under Xvfb, and the browser build in headless Chromium) and
# the engine's speed figure, beside the floor loop's (which fails if it ever plays a game
# differently from the engine).
test: test-deps
	cargo fmt --all --check
	cargo test --workspace
	$(MAKE) --no-print-directory screenshot
	$(MAKE) --no-print-directory web-test
	cargo run --quiet --release -p ludo-cli -- simulate --games 100000 --seed 1
	cargo run --quiet --release -p ludo-core --example speed_floor -- 100000 1

# What a player sees, under a virtual display: the table at the start (a person to roll),
# a CPU game in progress, the results of a whole game on the two-seat board, and small
# windows (the results at 640x360 in Filipino and in Arabic among them). Each run checks
# its picture against the engine (pieces and squares where the engine says) and that every
# window is wholly on the screen, and fails on a mismatch; its report (first frame, memory,
# update time) is the .json beside the .png.
XVFB := xvfb-run -a -s "-screen 0 1280x720x24"
screenshot:
	@mkdir -p $(ARTIFACTS) && mkdir -p -m 700 $(XDG_RUNTIME_DIR)
	cargo build --quiet --bin ludo
	$(XVFB) cargo run --quiet --bin ludo -- --seats person:Ana,cpu,cpu:hard,cpu:easy \
		--screenshot $(ARTIFACTS)/start.png --frames 20
	$(XVFB) cargo run --quiet --bin ludo -- --seats cpu,cpu,cpu,cpu --speed fast --seed 4 \
		--screenshot $(ARTIFACTS)/playing.png --frames 400
	$(XVFB) cargo run --quiet --bin ludo -- --seats cpu,cpu:hard,cpu:easy,cpu --speed instant --seed 9 \
		--screenshot $(ARTIFACTS)/results.png --when-over --frames 30
	$(XVFB) cargo run --quiet --bin ludo -- --lang ar --seats cpu,cpu:hard,cpu:easy,cpu --speed instant \
		--seed 9 --screenshot $(ARTIFACTS)/results-ar.png --when-over --frames 30
	@for lang in fil ar; do xvfb-run -a -s "-screen 0 640x360x24" cargo run --quiet --bin ludo -- \
		--size 640x360 --lang $$lang --seats cpu,cpu:hard,cpu:easy,cpu --speed instant --seed 9 \
		--screenshot $(ARTIFACTS)/results-small-$$lang.png --when-over --frames 30 || exit 1; done
	$(XVFB) cargo run --quiet --bin ludo -- --seats cpu:hard,cpu:easy --speed fast --seed 2 \
		--rules assets/rules/by-player-count.ron --screenshot $(ARTIFACTS)/two-seats.png --frames 200
	xvfb-run -a -s "-screen 0 800x600x24" cargo run --quiet --bin ludo -- --seats person,cpu \
		--size 800x600 --screenshot $(ARTIFACTS)/small.png --frames 20
	$(XVFB) cargo run --quiet --bin ludo -- --open setup --screenshot $(ARTIFACTS)/setup.png --frames 20
	$(XVFB) cargo run --quiet --bin ludo -- --open rules --screenshot $(ARTIFACTS)/rules.png --frames 20
	$(XVFB) cargo run --quiet --bin ludo -- --open menu --screenshot $(ARTIFACTS)/menu.png --frames 20
	xvfb-run -a -s "-screen 0 800x600x24" cargo run --quiet --bin ludo -- --size 800x600 --open pause \
		--screenshot $(ARTIFACTS)/pause-small.png --frames 20
	$(XVFB) cargo run --quiet --bin ludo -- --seats cpu,cpu,cpu,cpu --speed fast --seed 4 --theme night \
		--screenshot $(ARTIFACTS)/night-playing.png --frames 300
	$(XVFB) cargo run --quiet --bin ludo -- --theme night --open setup --screenshot $(ARTIFACTS)/night-setup.png --frames 20
	@for f in start playing results results-small-fil results-small-ar two-seats small setup rules menu pause-small night-playing night-setup; do \
		scripts/check-png.py $(ARTIFACTS)/$$f.png || exit 1; done
	@for lang in en fil id ar zh; do for open in menu setup rules; do \
		$(XVFB) cargo run --quiet --bin ludo -- --lang $$lang --open $$open \
			--screenshot $(ARTIFACTS)/lang-$$lang-$$open.png --frames 12 || exit 1; \
		scripts/check-png.py $(ARTIFACTS)/lang-$$lang-$$open.png || exit 1; done; done

# The browser version: a size-tuned wasm, its JS glue, the page and the assets in web/dist.
web: web-deps
	scripts/build-web.sh

# The size floor: a window, a sprite, an egui button and a sound on the game's stack, built
# like the game (examples/size_floor.rs into web/floor).
web-floor: web-deps
	scripts/build-web.sh floor

serve: web
	@echo "Ludo on http://localhost:8080"
	python3 -m http.server 8080 --bind 127.0.0.1 --directory web/dist

# The game in a real headless browser: menu, a whole 4-CPU game, results; no console error.
web-test: web
	ARTIFACTS=$(abspath $(ARTIFACTS)) node web/test.mjs

lint: deps
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings

bench:
	cargo bench -p ludo-core --bench engine

simulate:
	cargo run --release -p ludo-cli -- simulate --games 200000 --seed 1
