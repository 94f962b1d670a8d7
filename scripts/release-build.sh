#!/usr/bin/env bash
# Builds the release `checkout` as the README's set-up line does, and prints the binary's path: the
# one home of the release build's flags for the scripts (the README's line spells them for a
# newcomer, and CI runs that line; keep the two alike).
#
#   bin="$(scripts/release-build.sh)"        build (quietly; errors on stderr), then the path
#   scripts/release-build.sh --print-flags   the flags after `swift build`, for a build of one's own
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --static-swift-stdlib --disable-local-rpath)
if [[ "${1:-}" == --print-flags ]]; then
    echo "${flags[*]}"
    exit 0
fi
binary="$(swift build "${flags[@]}" --show-bin-path)/checkout"
# SwiftPM relinks when a source or the manifest changes, not when a file the link flags name does:
# a binary older than the link order, the linker script or the static-link stubs is linked again.
if [[ -e "$binary" ]] && [[ -n "$(find scripts/bench/link-order.txt scripts/link scripts/static-link -newer "$binary" -print -quit)" ]]; then
    rm -f "$binary"
fi
swift build "${flags[@]}" --product checkout >/dev/null
echo "$binary"
