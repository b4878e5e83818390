#!/usr/bin/env bash
# Installs the run-time libraries the window needs (X11/Wayland, EGL, Mesa's
# software renderers) when they are missing. With `--xvfb` also Xvfb, xauth and
# ImageMagick for headless screenshots. Debian/Ubuntu (apt-get); root or sudo.
set -euo pipefail

packages=(libegl1 libgl1-mesa-dri mesa-vulkan-drivers libxkbcommon-x11-0 libxcursor1 libxi6 libx11-xcb1 libxrandr2 libwayland-client0 libwayland-egl1)
if [[ "${1:-}" == "--xvfb" ]]; then
    packages+=(xvfb xauth imagemagick x11-utils)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null; then
    echo "Please install these packages with your system's package manager: ${missing[*]}" >&2
    exit 1
fi
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
echo "Installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
