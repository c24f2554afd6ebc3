#!/usr/bin/env bash
# Release bundles in dist/ (or OUT): the Linux desktop game (the binary, assets/, README,
# licences, the licences of every crate built in; it starts from any folder, by double-click or from a terminal) and, with `web`,
# the browser build (web/dist, ready for any static host or `ludo-server --web`).
#
#   scripts/dist.sh linux [PROFILE] [OUT]   PROFILE: release (default) or dev; the tests
#                                           package the dev build they already have
#   scripts/dist.sh web [OUT]               after `make web`
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)

case "${1:-}" in
linux)
    profile=${2:-release}
    out=${3:-dist}
    # LUDO_FEATURES=dev: with the tools for developers and tests (the tests' bundle).
    cargo build --quiet --profile "$profile" --bin ludo ${LUDO_FEATURES:+--features "$LUDO_FEATURES"}
    [ "$profile" = dev ] && built=debug || built=$profile
    name=ludo-$version-linux-$(uname -m)
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    mkdir -p "$stage/$name" "$out"
    cp "$target_dir/$built/ludo" "$stage/$name/ludo"
    # Symbols are of no use to a player (a third of the file).
    strip "$stage/$name/ludo"
    # The shipped assets are built into the binary too; this copy is for modders to edit
    # (a file here wins, and changes show while the game runs).
    cp -r assets "$stage/$name/assets"
    cp README.md MODDING.md TRANSLATING.md LICENSE-MIT LICENSE-APACHE "$stage/$name/"
    # The licences of every crate built in (the fonts' are beside them in assets/).
    python3 scripts/third-party.py "$stage/$name/THIRD-PARTY-LICENSES.txt" >/dev/null
    tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
    echo "$out/$name.tar.gz: $(du -k "$out/$name.tar.gz" | cut -f1) KiB ($built build)"
    ;;
web)
    out=${2:-dist}
    [ -f web/dist/index.html ] || { echo "no web/dist: run make web first" >&2; exit 1; }
    mkdir -p "$out"
    name=ludo-$version-web
    tar -C web -czf "$out/$name.tar.gz" --transform "s,^dist,$name," dist
    echo "$out/$name.tar.gz: $(du -k "$out/$name.tar.gz" | cut -f1) KiB"
    ;;
*)
    echo "usage: $0 linux [release|dev] [OUT] | web [OUT]" >&2
    exit 2
    ;;
esac
