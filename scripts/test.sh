#!/usr/bin/env bash
# The test command: formatting, lints, then every test (rules, playouts,
# referee, headless app, screenshots under Xvfb) in the `ci` profile.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh

cargo fmt --check
cargo clippy --profile ci --all-targets --locked -- -D warnings
# The screenshot tests open a real window: give them a virtual screen.
xvfb-run -a -s "-screen 0 1280x720x24" cargo test --profile ci --locked
