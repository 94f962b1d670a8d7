#!/usr/bin/env bash
# Prints every figure the README reports: the core benchmark, the engine figures and the terminal-UI
# figures, all from the release build the README's run command makes. The side-by-side comparisons
# with sqlite3, dialog and Node (issue 10's table) are scripts/bench-compare.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(scripts/release-build.sh)"
echo "== checkout bench (core: detection and the BIN table)"
"$bin" bench
echo
echo "== scripts/engine-figures.py (RawDataManager: requests, latency, faults)"
python3 scripts/engine-figures.py "$bin"
echo
echo "== scripts/bench/tui.py (terminal UI through a pseudo-terminal at 80x24, beside dialog --inputbox)"
command -v dialog >/dev/null || { echo "figures: needs dialog (apt-get install dialog)" >&2; exit 2; }
python3 scripts/bench/tui.py "$bin" --runs 3 --details --idle 10
