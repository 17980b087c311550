#!/usr/bin/env bash
# Writes assets/fonts/: the three faces the menus, HUD and log are drawn in,
# cut from egui's own default fonts down to the characters a player meets
# (Latin with its accents, punctuation, arrows and the replay bar's
# symbols). egui's four whole faces were 1.4 MB of every page load; these
# are a tenth of that. Run it again after adding a symbol the fonts lack
# (docs/figures.md, "The web build", says how to find one).
#
# Needs fontTools (`pip install fonttools`), which the build does not: the
# fonts are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
egui_fonts=$(ls -d ~/.cargo/registry/src/*/epaint_default_fonts-*/fonts | tail -1)
out=assets/fonts

# Text: printable ASCII, Latin-1 and Latin Extended-A and B, general
# punctuation (dashes, quotes, the bullet, the ellipsis), the euro sign,
# arrows and the minus sign.
text="U+0020-007E,U+00A0-024F,U+2010-2027,U+2030-203A,U+20AC,U+2122,U+2190-2193,U+2212"
# Symbols only the other faces have: arrows and triangles (Hack), the
# warning sign and the replay bar's media keys (egui's icon font).
arrows="U+0020,U+2190-2195,U+25B2-25C0,U+25BC"
icons="U+0020,U+26A0,U+23E9-23EA,U+23ED-23EE,U+23F4-23F5,U+23F8"

subset() {
    pyftsubset "$egui_fonts/$1" --unicodes="$2" --output-file="$out/$3" \
        --layout-features='*' --no-hinting --desubroutinize
}
subset Ubuntu-Light.ttf "$text" ui-text.ttf
subset Hack-Regular.ttf "U+0020-007E,$arrows" ui-mono.ttf
subset emoji-icon-font.ttf "$icons" ui-icons.ttf
cp "$egui_fonts/UFL.txt" "$egui_fonts/Hack-Regular.txt" "$egui_fonts/emoji-icon-font-mit-license.txt" "$out/"
ls -l "$out"/*.ttf
