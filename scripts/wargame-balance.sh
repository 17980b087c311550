#!/usr/bin/env bash
# The wargame's balance between equal players: Normal against Normal in the
# arena on every shipped scenario, printed as a docs/figures.md table row
# each, with black's score rate (win 1, draw 0.5) and its 95% interval.
#
#     scripts/wargame-balance.sh [GAMES] [SEED] [SCENARIO...]
#
# Defaults: 1000 games from seed 1000 on scenarios 1 to 22. The maps were
# tuned on seed 0; the table in docs/figures.md is measured on other seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
seed=${2:-1000}
shift $(( $# > 2 ? 2 : $# ))
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
    scenarios=($(seq 1 22))
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/black-and-white/target}
cargo build --profile ci --locked --quiet
bin=$CARGO_TARGET_DIR/ci/black-and-white
jobs=$(nproc)

one() {
    local n=$1
    "$bin" arena --game wargame --scenario "$n" --a normal --b normal --games "$games" --seed "$seed" 2>&1 |
        awk -v n="$n" -v games="$games" '
            /by seat:/ { black = $6 + 0; white = $10 + 0 }
            END {
                draws = games - black - white
                p = (black + draws / 2) / games
                half = 1.96 * sqrt(p * (1 - p) / games)
                larger = (black > white ? black : white) / games * 100
                printf "| %02d | %d | %d | %d | %.3f | %.3f-%.3f | %.1f%% |\n",
                    n, black, white, draws, p, p - half, p + half, larger
            }'
}
export -f one
export bin games seed

echo "Normal against Normal, $games games from seed $seed, seats alternating:"
echo
echo "| scenario | black wins | white wins | draws | black's score rate | 95% interval | larger share |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${scenarios[@]}" | xargs -P "$jobs" -I{} bash -c 'one {}' | sort
