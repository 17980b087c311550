#!/usr/bin/env bash
# The wargame's ladder on every shipped scenario: Normal against Easy and
# Hard against Normal in the arena (release build, seats alternating),
# printed as one docs/figures.md table row per scenario with A's score rate
# (win 1, draw 0.5) and its 95% interval for each pair, and the slowest
# decision of the Hard runs (its army or one search).
#
#     scripts/wargame-ladder.sh [GAMES] [SEED] [SCENARIO...]
#
# Defaults: 200 games from seed 0 on scenarios 1 to 22.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
seed=${2:-0}
shift $(( $# > 2 ? 2 : $# ))
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
    scenarios=($(seq 1 22))
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/black-and-white/target}
cargo build --release --locked --quiet
bin=$CARGO_TARGET_DIR/release/black-and-white
jobs=$(nproc)

one() {
    local n=$1
    local easy hard
    easy=$("$bin" arena --game wargame --scenario "$n" --a normal --b easy --games "$games" --seed "$seed" 2>&1)
    hard=$("$bin" arena --game wargame --scenario "$n" --a hard --b normal --games "$games" --seed "$seed" 2>&1)
    printf '%s\n%s\n' "$easy" "$hard" | awk -v n="$n" '
        /score rate/ {
            for (i = 1; i <= NF; i++) {
                if ($i == "rate") rate[++k] = $(i + 1)
                if ($i == "CI") { lo[k] = $(i + 1); hi[k] = $(i + 2) }
                if ($i == "slowest") slow = $(i + 2) " " $(i + 3)
            }
        }
        END {
            gsub(/[\[,]/, "", lo[1]); gsub(/[\],]/, "", hi[1])
            gsub(/[\[,]/, "", lo[2]); gsub(/[\],]/, "", hi[2])
            printf "| %02d | %s | %s-%s | %s | %s-%s | %s |\n",
                n, rate[1], lo[1], hi[1], rate[2], lo[2], hi[2], slow
        }'
}
export -f one
export bin games seed

echo "$games games a pair from seed $seed, seats alternating, release build:"
echo
echo "| scenario | Normal vs Easy | 95% interval | Hard vs Normal | 95% interval | Hard's slowest decision |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${scenarios[@]}" | xargs -P "$jobs" -I{} bash -c 'one {}' | sort
