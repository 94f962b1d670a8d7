#!/usr/bin/env bash
# Builds and runs the examples of Docs/library.md as a library user would: a fresh package outside
# the repository (a temporary directory), whose Package.swift is the doc's snippet, depending on
# this package by path as ../TerminalCheckout; each example's main.swift is pasted in as the doc has
# it, built with zero warnings allowed, run, and its output compared with the doc's (payment ids
# aside). The dependency is a copy of the package's sources, moved away while the programs run, so
# they are shown to need nothing of the source tree. A delegate method written with the SDK's
# signature against the engine's own protocol must not compile (no silent default takes it).
# Besides the doc's examples, `debug-app` builds the ports of Primer's Debug App screens
# (Tests/PrimerHeadlessCompatTests/DebugApp/*.swift, copied as an adopter copies them, importing only
# PrimerFoundation and PrimerHeadlessCompat) with scripts/consumer-check/DebugAppMain.swift as main.swift,
# and compares what they print with the doc's `<!-- output: debug-app -->`.
#
#   scripts/consumer-check.sh              every example, then debug-app
#   scripts/consumer-check.sh stream nol   only those
#   RECORD_SNAPSHOTS=1 scripts/consumer-check.sh   writes what each example printed into the doc
#
# The copy and the build products stay in .build/consumer-check, so a second run is incremental.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
doc="$repo/Docs/library.md"
cache="$repo/.build/consumer-check"
mirror="$cache/TerminalCheckout"
scratch="$cache/build"
# Outside the repository, at the same path every run (one per clone), so the build is incremental.
work="${TMPDIR:-/tmp}/consumer-check-$(id -u)-$(cksum <<<"$repo" | cut -d' ' -f1)"
rm -rf "$work"
mkdir -p "$work"
servers=()
cleanup() {
  if [ -d "$mirror.away" ]; then mv "$mirror.away" "$mirror"; fi
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The text of the fenced block that follows the marker line `<!-- KIND: NAME -->` in the doc.
block() {
  awk -v marker="<!-- $1: $2 -->" '
    $0 == marker { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }
  ' "$doc"
}

# The package's sources as a clone would have them (no .build, no tests), copied where they changed.
python3 - "$repo" "$mirror" <<'PY'
import os, shutil, sys
repo, mirror = sys.argv[1], sys.argv[2]
wanted = set()
for top in ["Package.swift", "Sources", "Resources", "Plugins"]:
    path = os.path.join(repo, top)
    files = [path] if os.path.isfile(path) else [os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs]
    for source in files:
        relative = os.path.relpath(source, repo)
        wanted.add(relative)
        target = os.path.join(mirror, relative)
        if os.path.exists(target):
            a, b = os.stat(source), os.stat(target)
            if a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime):
                continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)
for d, _, fs in os.walk(mirror):
    for f in fs:
        if os.path.relpath(os.path.join(d, f), mirror) not in wanted:
            os.remove(os.path.join(d, f))
PY

ln -s "$mirror" "$work/TerminalCheckout"
package="$work/MyCheckout"
mkdir -p "$package/Sources/MyCheckout"
block consumer Package.swift > "$package/Package.swift"

examples=("$@")
if [ ${#examples[@]} -eq 0 ]; then
  mapfile -t examples < <(sed -n 's/^<!-- example: \(.*\) -->$/\1/p' "$doc")
  examples+=(debug-app)
fi

build() {
  local log="$work/build.log"
  if ! swift build --package-path "$package" --scratch-path "$scratch" >"$log" 2>&1; then
    cat "$log"; return 1
  fi
  if grep -q "warning:" "$log"; then
    echo "consumer-check: $1 built with warnings:"; grep "warning:" "$log"; return 1
  fi
}

# The test suite's loopback servers: a BIN service for the http example, Primer's API for primer.
# Each prints its port once listening.
serve() {
  python3 "$repo/Tests/CheckoutEngineTests/Support/$1" --lifetime 300 >"$work/$1.port" 2>/dev/null &
  servers+=($!)
  for _ in $(seq 200); do [ -s "$work/$1.port" ] && break; sleep 0.05; done
  port=$(head -1 "$work/$1.port" | cut -d' ' -f1)
}

failed=0
for name in "${examples[@]}"; do
  rm -f "$package/Sources/MyCheckout/"*.swift
  if [ "$name" = debug-app ]; then
    cp "$repo"/Tests/PrimerHeadlessCompatTests/DebugApp/*.swift "$package/Sources/MyCheckout/"
    cp "$repo/scripts/consumer-check/DebugAppMain.swift" "$package/Sources/MyCheckout/main.swift"
  else
    block example "$name" > "$package/Sources/MyCheckout/main.swift"
  fi
  [ -s "$package/Sources/MyCheckout/main.swift" ] || { echo "consumer-check: no example named $name"; exit 2; }
  started=$(date +%s)
  build "$name" || { failed=1; continue; }
  args=()
  case "$name" in
    http) serve stub_bin_server.py; args=("http://127.0.0.1:$port") ;;
    primer) serve fake_primer_api.py; args=("$(python3 "$repo/Tests/CheckoutEngineTests/Support/fake_primer_api.py" --make-token --port "$port")") ;;
  esac
  mv "$mirror" "$mirror.away"
  output=$(cd / && timeout 60 "$scratch/debug/MyCheckout" "${args[@]}" 2>&1) || { echo "consumer-check: $name exited with $?"; failed=1; }
  mv "$mirror.away" "$mirror"
  expected=$(block output "$name")
  actual=$(sed -E 's/pay_[0-9a-zA-Z_-]+/pay_…/g' <<<"$output")
  if [ "${RECORD_SNAPSHOTS:-}" = 1 ] && [ "$actual" != "$expected" ]; then
    python3 - "$doc" "$name" "$actual" <<'PY'
import sys
path, name, text = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(path).read().split("\n")
start = lines.index(f"<!-- output: {name} -->") + 2
end = lines.index("```", start)
lines[start:end] = text.split("\n")
open(path, "w").write("\n".join(lines))
PY
    echo "consumer-check: $name: recorded its output in Docs/library.md"
  elif [ "$actual" == "$expected" ]; then
    echo "consumer-check: $name: built with no warning, ran, printed what Docs/library.md shows ($(( $(date +%s) - started )) s)"
  else
    echo "consumer-check: $name printed something else than Docs/library.md shows:"
    diff <(echo "$expected") <(echo "$actual") || true
    failed=1
  fi
done

# The engine's own delegate protocol has no defaults: the SDK's near-miss signature is an error.
rm -f "$package/Sources/MyCheckout/"*.swift
cat > "$package/Sources/MyCheckout/main.swift" <<'SWIFT'
import CheckoutCore
import CheckoutEngine

final class NearMiss: RawDataManagerDelegate {
    func rawDataManager(_ rawDataManager: RawDataManager, dataIsValid isValid: Bool, errors: [Error]?) {}
    func rawDataManager(_ rawDataManager: RawDataManager, willFetchMetadataForState cardState: CardNumberEntryState) {}
    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveMetadata metadata: CardNumberEntryMetadata,
                        forState cardState: CardNumberEntryState) {}
    func rawDataManager(_ rawDataManager: RawDataManager, didReceiveBinData binData: BinData) {}
}
SWIFT
if swift build --package-path "$package" --scratch-path "$scratch" >"$work/nearmiss.log" 2>&1; then
  echo "consumer-check: a delegate method with the SDK's errors: [Error]? compiled against RawDataManagerDelegate"; failed=1
elif grep -q "does not conform to protocol 'RawDataManagerDelegate'" "$work/nearmiss.log"; then
  echo "consumer-check: a near-miss delegate signature does not compile (no silent default)"
else
  cat "$work/nearmiss.log"; failed=1
fi
exit $failed
