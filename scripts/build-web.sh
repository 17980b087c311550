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
cp -r assets "$out/assets"

shopt -s nullglob
names=()
for file in scenarios/*.ron; do
    cp "$file" "$out/scenarios/"
    names+=("\"$(basename "$file")\"")
done
(IFS=,; echo "{\"scenarios\":[${names[*]}]}") > "$out/scenarios/manifest.json"

# Content-hashed names: a new build is never taken for a cached old one,
# and a host may keep these files for good (README, "In the browser").
hashed() { echo "black-and-white-$(sha256sum "$1" | cut -c1-12).$2"; }
wasm_name=$(hashed "$out/black-and-white_bg.wasm" wasm)
js_name=$(hashed "$out/black-and-white.js" js)
mv "$out/black-and-white_bg.wasm" "$out/$wasm_name"
mv "$out/black-and-white.js" "$out/$js_name"
raw=$(stat -c %s "$out/$wasm_name")
# The page shows the download's progress against the raw size: a
# compressed response's length is not it.
sed -e "s/\.\/black-and-white\.js/.\/$js_name/" \
    -e "s/\.\/black-and-white_bg\.wasm/.\/$wasm_name/" \
    -e "s/const WASM_BYTES = 0;/const WASM_BYTES = $raw;/" \
    web/index.html > "$out/index.html"
grep -q "$wasm_name" "$out/index.html" || { echo "index.html does not name $wasm_name" >&2; exit 1; }

# Pre-compressed beside it, for hosts that serve them as they are.
gzip -9 -k "$out/$wasm_name"
gz=$(stat -c %s "$out/$wasm_name.gz")
sizes="wasm $raw bytes raw, $gz bytes gzipped"
if [ "$profile" = web-release ]; then
    # Brotli at its best quality, from Node's zlib (no tool to install);
    # minutes on the web-ci build's size, so the release build only.
    node -e '
        const zlib = require("zlib"), fs = require("fs"), file = process.argv[1];
        const body = fs.readFileSync(file);
        fs.writeFileSync(file + ".br", zlib.brotliCompressSync(body, { params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));' "$out/$wasm_name"
    sizes="$sizes, $(stat -c %s "$out/$wasm_name.br") bytes as brotli"
fi
echo "web build ($profile) in $out: $wasm_name, $sizes"
