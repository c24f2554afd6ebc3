#!/usr/bin/env bash
# Builds the browser version into web/dist: the wasm (profile `web`), wasm-bindgen's JS glue,
# wasm-opt over the result, the page and the assets. Everything comes from the package
# registries (rustup's wasm32 target, crates.io for wasm-bindgen-cli, npm for binaryen).
#
# `scripts/build-web.sh floor` builds instead, the same way, the smallest program on the game's
# stack (examples/size_floor.rs) into web/floor: the size below which the game cannot go, and
# a page to time its start by (`make web-floor-time`).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}
mode=${1:-game}
case "$mode" in
  game)
    out=web/dist
    build=(--bin ludo)
    wasm="$target_dir/wasm32-unknown-unknown/web/ludo.wasm"
    ;;
  floor)
    out=web/floor
    build=(--example size_floor --features size-floor)
    wasm="$target_dir/wasm32-unknown-unknown/web/examples/size_floor.wasm"
    ;;
  *)
    echo "usage: $0 [game|floor]" >&2
    exit 2
    ;;
esac

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "Adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown || {
    echo "error: the wasm32-unknown-unknown target is missing and rustup could not add it" >&2
    exit 1
  }
fi

# The CLI must be the very version of the wasm-bindgen crate in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]]; then
  echo "Installing wasm-bindgen-cli $want"
  # Without its default TLS stack (rustls and ring): only its test runner downloads anything.
  cargo install --quiet --no-default-features wasm-bindgen-cli --version "$want"
fi

if [[ ! -x web/node_modules/.bin/wasm-opt ]]; then
  (cd web && npm ci --no-audit --no-fund --silent)
fi

# LUDO_FEATURES=dev: with the tools for developers and tests (the browser tests' `strip=`).
[[ -n "${LUDO_FEATURES:-}" ]] && build+=(--features "$LUDO_FEATURES")
cargo build --quiet --profile web --target wasm32-unknown-unknown "${build[@]}"
rm -rf "$out" && mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name ludo "$wasm"

# Debian's binaryen makes modules Chromium rejects, and --all-features too: name the
# features Rust's wasm32 target uses. -O1, not -Oz: on this game -Oz leaves a module 7% smaller
# raw but 44 kB larger in brotli and 47 kB in gzip (what the browser downloads), and takes
# 225 s here against 96 s (docs/PERFORMANCE.md). The output is kept by the hash of its input
# and the flags, and reused while the game's code is unchanged.
opt=(-O1 --strip-debug --strip-producers
  --enable-bulk-memory --enable-bulk-memory-opt --enable-mutable-globals --enable-sign-ext
  --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue --enable-simd)
before=$(stat -c %s "$out/ludo_bg.wasm")
cache="$target_dir/web-opt"
key=$( (sha256sum "$out/ludo_bg.wasm"; echo "${opt[*]}") | sha256sum | cut -c1-32)
if [[ -f "$cache/$key.wasm" ]]; then
  echo "wasm-opt: reusing $cache/$key.wasm"
else
  echo "wasm-opt ${opt[0]} (about two minutes)"
  mkdir -p "$cache"
  web/node_modules/.bin/wasm-opt "${opt[@]}" "$out/ludo_bg.wasm" -o "$cache/$key.tmp"
  mv "$cache/$key.tmp" "$cache/$key.wasm"
  # Only the latest few builds are worth keeping.
  ls -t "$cache"/*.wasm | tail -n +4 | xargs -r rm -f
fi
cp "$cache/$key.wasm" "$out/ludo_bg.wasm"

if [[ "$mode" == game ]]; then
  # Content-hashed names for the wasm and its glue: the server lets browsers keep them for a
  # year, and a new build is a new name. The page (revalidated on every visit) names them.
  wasm_name=ludo_bg-$(sha256sum "$out/ludo_bg.wasm" | cut -c1-16).wasm
  glue_name=ludo-$(sha256sum "$out/ludo.js" | cut -c1-16).js
  mv "$out/ludo_bg.wasm" "$out/$wasm_name"
  mv "$out/ludo.js" "$out/$glue_name"
  sed -e "s|'./ludo_bg.wasm'|'./$wasm_name'|" -e "s|'./ludo.js'|'./$glue_name'|" \
    -e "s|const WASM_BYTES = 0;|const WASM_BYTES = $(stat -c %s "$out/$wasm_name");|" web/index.html > "$out/index.html"
  grep -q "$wasm_name" "$out/index.html" && grep -q "$glue_name" "$out/index.html" || {
    echo "error: web/index.html no longer names ./ludo_bg.wasm and ./ludo.js for the build to replace" >&2
    exit 1
  }
  cp web/manifest.webmanifest "$out/"
  cp -r web/icons "$out/"
  mkdir -p "$out/assets/nets"
  cp -r assets/. "$out/assets/"
  # `hard`'s networks: the browser build fetches the one a table needs (not built in).
  cp crates/ludo-cpu/nets/*.json "$out/assets/nets/"
  # The offline copy: every file the game can load, under a version that changes with them.
  files=$(cd "$out" && find . -type f ! -name sw.js | sed 's|^\./||' | sort)
  version=$(cd "$out" && echo "$files" | xargs sha256sum | sha256sum | cut -c1-16)
  list=$(echo "$files" | sed "s|.*|'&'|" | paste -sd, | sed 's|^|[\x27./\x27, |; s|$|]|')
  sed -e "s|'__VERSION__'|'$version'|" -e "s|__FILES__|$list|" web/sw.js > "$out/sw.js"
fi
# Precompressed copies for servers that pick them by Accept-Encoding (the room server does):
# brotli -q 11 takes about half a minute on the wasm, so it is kept beside wasm-opt's output.
if [[ "$mode" == game ]]; then
  if [[ ! -f "$cache/$key.wasm.br" ]]; then
    brotli -q 11 -c "$cache/$key.wasm" > "$cache/$key.br.tmp"
    mv "$cache/$key.br.tmp" "$cache/$key.wasm.br"
    ls -t "$cache"/*.wasm.br | tail -n +4 | xargs -r rm -f
  fi
  cp "$cache/$key.wasm.br" "$out/$wasm_name.br"
  gzip -9 -c "$out/$wasm_name" > "$out/$wasm_name.gz"
  # Everything else that shrinks by a tenth or more (the sounds barely do, the pictures not).
  (cd "$out" && find . -type f ! -name '*.wasm' ! -name '*.br' ! -name '*.gz' ! -name '*.png' | while read -r f; do
    brotli -q 11 -f -o "$f.br" "$f"
    gzip -9 -c "$f" > "$f.gz"
    size=$(stat -c %s "$f")
    if (( $(stat -c %s "$f.br") * 10 > size * 9 )); then rm -f "$f.br" "$f.gz"; fi
  done)
  wasm_out="$out/$wasm_name"
else
  wasm_out="$out/ludo_bg.wasm"
  # A page that loads it as the game's does (compiled while it downloads), its one sound, and
  # brotli copies, so that `make web-floor-time` can serve it beside the game.
  cp web/floor.html "$out/index.html"
  mkdir -p "$out/assets/sounds" && cp assets/sounds/roll.wav "$out/assets/sounds/"
  brotli -q 11 -f -o "$wasm_out.br" "$wasm_out"
  brotli -q 11 -f -o "$out/ludo.js.br" "$out/ludo.js"
fi
after=$(stat -c %s "$wasm_out")
gz=$(gzip -9 -c "$wasm_out" | wc -c)
br=$(stat -c %s "$wasm_out.br")
awk -v b="$before" -v a="$after" -v g="$gz" -v r="$br" -v o="$out" 'BEGIN {
  printf "web build: %s\n  wasm %.2f MB before wasm-opt, %.2f MB after, %.2f MB gzipped, %.2f MB brotli\n",
    o, b / 1e6, a / 1e6, g / 1e6, r / 1e6 }'
