#!/usr/bin/env bash
# Prints the engine's figures (BIN requests per card, time to REMOTE metadata, fault matrix).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(scripts/release-build.sh)"
exec python3 scripts/engine-figures.py "$bin"
