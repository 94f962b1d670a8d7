#!/usr/bin/env bash
# Prints the engine's figures (BIN requests per card, time to REMOTE metadata, fault matrix).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --disable-local-rpath --product checkout >/dev/null
exec python3 scripts/engine-figures.py "$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)/checkout"
