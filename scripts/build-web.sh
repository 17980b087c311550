#!/usr/bin/env bash
# Builds the web version into a folder ready to serve as static files:
# index.html, the wasm and its JavaScript glue, the assets, and a manifest
# of the shipped scenarios (a browser cannot list a folder).
#
#   scripts/build-web.sh                 # release: dist/web, wasm-opt -Oz, sizes printed
#   scripts/build-web.sh web-ci DIR      # the quicker build the browser test uses
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${1:-web-release}"
out="${2:-dist/web}"
bash scripts/web-tools.sh

cargo build --profile "$profile" --target wasm32-unknown-unknown --locked
wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$profile/black-and-white.wasm"

rm -rf "$out"
mkdir -p "$out/scenarios"
"$HOME/.cache/black-and-white/tools/bin/wasm-bindgen" --target web --no-typescript \
    --out-dir "$out" --out-name black-and-white "$wasm"
if [ "$profile" = web-release ]; then
    # The features Rust's wasm32 target emits by default, so that wasm-opt
    # accepts the module and keeps to what browsers run.
    web/node_modules/.bin/wasm-opt -Oz --strip-debug --strip-producers \
        --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        -o "$out/black-and-white_bg.wasm" "$out/black-and-white_bg.wasm"
fi
cp web/index.html "$out/"
cp -r assets "$out/assets"

shopt -s nullglob
names=()
for file in scenarios/*.ron; do
    cp "$file" "$out/scenarios/"
    names+=("\"$(basename "$file")\"")
done
(IFS=,; echo "{\"scenarios\":[${names[*]}]}") > "$out/scenarios/manifest.json"

raw=$(stat -c %s "$out/black-and-white_bg.wasm")
gz=$(gzip -9 -c "$out/black-and-white_bg.wasm" | wc -c)
echo "web build ($profile) in $out: wasm $raw bytes raw, $gz bytes gzipped"
