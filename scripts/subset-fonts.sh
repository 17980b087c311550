#!/usr/bin/env bash
# Writes assets/fonts/: the three faces the menus, HUD and log are drawn in,
# cut from egui's own default fonts down to the characters a player meets,
# and the display face for titles and numbers on the table (Cinzel Bold,
# SIL Open Font Licence, from the npm registry's @fontsource/cinzel)
# (Latin with its accents, punctuation, arrows and the replay bar's
# symbols). egui's four whole faces were 1.4 MB of every page load; these
# are a tenth of that. Run it again after adding a symbol the fonts lack
# (docs/figures.md, "The web build", says how to find one).
#
# Needs fontTools and brotli (`pip install fonttools brotli`) and npm,
# which the build does not: the fonts are committed.
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
# Display: Latin-1, the dashes and quotes, the minus sign. The package
# ships WOFF2; fontTools unpacks it to TrueType before cutting it down.
fontsource=$(mktemp -d)
(cd "$fontsource" && npm pack --silent @fontsource/cinzel@5.3.0 >/dev/null && tar xzf ./*.tgz)
python3 -c "
from fontTools.ttLib import TTFont
font = TTFont('$fontsource/package/files/cinzel-latin-700-normal.woff2')
font.flavor = None
font.save('$fontsource/cinzel-700.ttf')"
pyftsubset "$fontsource/cinzel-700.ttf" --unicodes="U+0020-007E,U+00A0-00FF,U+2010-2027,U+2212" \
    --output-file="$out/ui-display.ttf" --layout-features='*' --no-hinting --desubroutinize
cp "$fontsource/package/LICENSE" "$out/Cinzel-OFL.txt"
rm -rf "$fontsource"
cp "$egui_fonts/UFL.txt" "$egui_fonts/Hack-Regular.txt" "$egui_fonts/emoji-icon-font-mit-license.txt" "$out/"
ls -l "$out"/*.ttf
