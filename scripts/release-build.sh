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
swift build "${flags[@]}" --product checkout >/dev/null
echo "$(swift build "${flags[@]}" --show-bin-path)/checkout"
