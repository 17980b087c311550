#!/usr/bin/env bash
# The browser test: the quicker web build (profile web-ci, no wasm-opt)
# served on localhost and played in headless Chromium by Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/web-tools.sh
# The code only the browser build compiles (settings storage, page markers).
cargo clippy --profile web-ci --target wasm32-unknown-unknown --locked -- -D warnings
bash scripts/build-web.sh web-ci dist/web-ci
# The native online server the browser plays a game against.
cargo build --profile ci --locked --bin black-and-white
node tests/web/browser.mjs dist/web-ci
