#!/usr/bin/env bash
# Prints every figure the README reports: the core benchmark, the engine figures and the terminal-UI
# figures, all from the release build the README's run command makes.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product checkout >/dev/null
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/checkout"
echo "== checkout bench (core: detection and the BIN table)"
"$bin" bench
echo
echo "== scripts/engine-figures.py (RawDataManager: requests, latency, faults)"
python3 scripts/engine-figures.py "$bin"
echo
echo "== scripts/tui-figures.py (terminal UI through a pseudo-terminal, 80x24)"
python3 scripts/tui-figures.py "$bin"
