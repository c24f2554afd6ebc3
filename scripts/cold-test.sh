#!/usr/bin/env bash
# `make test` as a fresh machine runs it (docs/PERFORMANCE.md): a fresh clone of this
# checkout's HEAD, an empty build folder, an empty cargo home (every crate downloaded again,
# wasm-bindgen-cli installed again) and an empty npm cache, each recipe line timed into
# $COLD/timed.log. `scripts/cold-test.sh warm` runs it again on what the cold run left, from
# another fresh clone (as CI does). Debian's packages and rustup's targets are the machine's.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
COLD=${COLD:-$HOME/.cache/ludo-cold}
mode=${1:-cold}
clone=$COLD/clone-$mode
if [[ $mode == cold ]]; then
  rm -rf "$COLD" && mkdir -p "$COLD/cargo-home/bin" "$COLD/npm"
  # The toolchain's commands (rustup's proxies), without what the old cargo home installed.
  for t in cargo rustc rustup rustfmt cargo-fmt rustdoc cargo-clippy clippy-driver; do
    ln -s "$(command -v "$t")" "$COLD/cargo-home/bin/$t"
  done
fi
rm -rf "$clone" && git clone -q "$here" "$clone" && cd "$clone" || exit 2
export CARGO_HOME=$COLD/cargo-home CARGO_TARGET_DIR=$COLD/target npm_config_cache=$COLD/npm
export PATH=$COLD/cargo-home/bin:$(echo "$PATH" | tr ':' '\n' | grep -v '\.cargo/bin' | paste -sd:)
export CARGO_TERM_COLOR=never CI=true
start=$(date +%s)
TIMED_LOG=$COLD/$mode-timed.log make test SHELL="$here/scripts/timed-sh" > "$COLD/$mode-test.log" 2>&1
rc=$?
echo "$mode make test: exit $rc, $(($(date +%s) - start)) s at $(git rev-parse --short HEAD) ($(date -I))" | tee -a "$COLD/result.txt"
exit $rc
