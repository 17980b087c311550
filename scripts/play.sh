#!/usr/bin/env bash
# Builds the game optimised and starts it. Extra arguments go to the game,
# e.g. `scripts/play.sh --game tiles`. Says what it does at each step: the
# first build is long, and a silent wait looks like a hang.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "play.sh: checking the system packages the game needs (sound, X11, Vulkan)..."
bash scripts/system-deps.sh
target=${CARGO_TARGET_DIR:-target}
if [ ! -x "$target/release/black-and-white" ]; then
    echo "play.sh: building the game for the first time: about 15 minutes on 2 cores" \
        "(cargo shows each crate as it goes); later starts take seconds."
else
    echo "play.sh: building what changed, then starting the game..."
fi
cargo run --release --locked -- "$@"
