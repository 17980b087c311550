#!/usr/bin/env bash
# Installs the Debian packages the game needs to build, play and be tested:
# ALSA headers for sound, the X11 and xkbcommon libraries winit loads,
# Mesa's Vulkan driver (lavapipe renders without a GPU), Xvfb for the
# screenshot tests, and PostgreSQL, whose programs the online tests use
# for a throwaway cluster of their own (the server's second store). `system-deps.sh web` adds what the web build and its
# browser test need: Node.js with npm, and Chromium. Does nothing when they
# are already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Rust toolchain rust-toolchain.toml names, with its components and
# targets, where rustup would not fetch it by itself (RUSTUP_AUTO_INSTALL=0).
command -v rustup >/dev/null && rustup toolchain install >/dev/null

packages=(
    pkg-config libasound2-dev
    libx11-xcb1 libxcursor1 libxi6 libxrandr2 libxkbcommon-x11-0
    libvulkan1 mesa-vulkan-drivers
    xvfb xauth
    postgresql
)
if [ "${1:-}" = web ]; then
    # A Node.js from elsewhere (nodesource ships npm inside) is fine too.
    command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)
    packages+=(chromium)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
