#!/usr/bin/env bash
# Draws the first solution of the 6x10 pentomino example as SVG with
# `dlx --svg`, then renders that file to PNG with headless Chromium: a check
# that a browser opens what we write. Not part of `make test` (CI has no
# Chromium); on Debian, `apt-get install chromium`.
#
#   scripts/render-svg.sh [OUT_DIR]     (default target/render)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/render}
mkdir -p "$out"

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "render-svg: no Chromium found (apt-get install chromium)" >&2
    exit 2
fi

cargo build -q --release -p dlx-cli
dlx=target/release/dlx
svg="$out/pentomino-6x10.svg"
png="$out/pentomino-6x10.png"
"$dlx" polyomino examples/pentomino-6x10.polyomino 2>/dev/null |
    "$dlx" --first --no-progress --svg "$svg" >/dev/null

# Chromium's window is the picture's size, read from the SVG's first line.
width=$(sed -n '1s/.* width="\([0-9]*\)".*/\1/p' "$svg")
height=$(sed -n '1s/.* height="\([0-9]*\)".*/\1/p' "$svg")
rm -f "$png"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$width,$height" --screenshot="$png" \
    "file://$PWD/$svg" 2>/dev/null
if [ ! -s "$png" ]; then
    echo "render-svg: Chromium wrote no $png" >&2
    exit 1
fi
echo "$png (${width}x${height} from $svg)"
