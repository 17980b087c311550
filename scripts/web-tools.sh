#!/usr/bin/env bash
# What the web build needs besides cargo: the wasm32 target, wasm-bindgen-cli
# at exactly the version Cargo.lock pins (kept in ~/.cache/black-and-white/
# tools), and the npm tools in web/ (binaryen's wasm-opt, playwright-core,
# pngjs). Installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh web

rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown

version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
tools="$HOME/.cache/black-and-white/tools"
if ! "$tools/bin/wasm-bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
    echo "Installing wasm-bindgen-cli $version into $tools"
    # Not --locked: its lock file names crate versions this registry lacks.
    cargo install wasm-bindgen-cli --version "$version" --root "$tools"
fi

[ -x web/node_modules/.bin/wasm-opt ] || (cd web && npm ci --no-audit --no-fund)
