#!/usr/bin/env bash
# Builds the game optimised and starts it. Extra arguments go to the game,
# e.g. `scripts/play.sh --game tiles`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh
cargo run --release --locked -- "$@"
