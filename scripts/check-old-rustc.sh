#!/usr/bin/env bash
# Compiles every committed submission with the oldest rustc we can run
# here, Debian bookworm's rustc 1.63, as an old judge would: plain rustc,
# edition 2021, -O; a warning fails the check too. A submission of
# LeetCode's shape (an `impl Solution`, no `fn main`) is compiled as a
# library with the `struct Solution` its judge declares added.
#
# The compiler is not installed: its three Debian packages are downloaded
# and unpacked under target/old-rustc/ (once; later runs reuse them). On a
# machine without apt, point OLD_RUSTC_ROOT at a folder holding
# usr/bin/rustc and its libraries (for instance the same three packages
# unpacked with `dpkg -x`).
set -euo pipefail
cd "$(dirname "$0")/.."

root=${OLD_RUSTC_ROOT:-target/old-rustc/root}
packages=(rustc libstd-rust-dev libstd-rust-1.63)

fetch() {
    if ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
        echo "check-old-rustc: this needs apt-get and dpkg (Debian or Ubuntu) to fetch" >&2
        echo "Debian's rustc 1.63 packages (${packages[*]});" >&2
        echo "elsewhere, unpack them yourself and set OLD_RUSTC_ROOT to that folder." >&2
        exit 2
    fi
    local debs=target/old-rustc/debs
    mkdir -p "$debs" "$root"
    echo "check-old-rustc: downloading ${packages[*]} into $debs"
    if ! (cd "$debs" && apt-get download "${packages[@]}" >/dev/null 2>&1); then
        # A fresh machine has no package lists yet.
        apt-get update -qq >/dev/null
        (cd "$debs" && apt-get download "${packages[@]}" >/dev/null)
    fi
    for deb in "$debs"/*.deb; do
        dpkg -x "$deb" "$root"
    done
}

[ -x "$root/usr/bin/rustc" ] || fetch
export LD_LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
rustc_old=("$root/usr/bin/rustc" --sysroot "$root/usr")
version=$("${rustc_old[@]}" --version)
case "$version" in
    "rustc 1.63."*) ;;
    *) echo "check-old-rustc: expected rustc 1.63 in $root, found: $version" >&2; exit 2 ;;
esac

out=target/old-rustc/bin
mkdir -p "$out"
failed=0
for source in submissions/*/main.rs; do
    id=$(basename "$(dirname "$source")")
    args=(--edition 2021 -O -o "$out/$id")
    if grep -q '^impl Solution' "$source" && ! grep -q '^fn main' "$source"; then
        # LeetCode's shape: the judge declares `Solution` and calls its
        # methods; as a library with `pub struct Solution;` added, nothing
        # the methods reach is dead and a warning still fails.
        cp "$source" "$out/$id.rs"
        echo 'pub struct Solution;' >>"$out/$id.rs"
        args=(--edition 2021 -O --crate-type lib --crate-name "${id//-/_}" -o "$out/$id.rlib")
        source="$out/$id.rs"
    fi
    if messages=$("${rustc_old[@]}" "${args[@]}" "$source" 2>&1) && [ -z "$messages" ]; then
        echo "     ok  $id ($version)"
    else
        echo "   FAIL  $id ($version)"
        printf '%s\n' "$messages" | head -n 30 | sed 's/^/         /'
        failed=$((failed + 1))
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "check-old-rustc: $failed submission(s) do not build cleanly with $version" >&2
    exit 1
fi
