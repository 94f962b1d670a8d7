#!/usr/bin/env bash
# Runs one libFuzzer target for a number of seconds, or replays its kept crash inputs.
#
#   scripts/fuzz.sh TARGET SECONDS     fuzz (corpus grows in .build/fuzz/corpus/TARGET, seeded from Fuzz/Corpus/TARGET)
#   scripts/fuzz.sh TARGET replay      run every input in Fuzz/Regressions/TARGET once (exit 0: none crashes)
#   scripts/fuzz.sh list               the targets
#
# Targets: json (JSON parser), lines (input-line splitter), normalizer (card-number normaliser),
# bintable (BIN-table CSV loader), keys (terminal key decoder), session (client-session files),
# settings (settings.json), demo (demo scripts), spool (the ledger's spool reader). Each is built from the project's own sources with
# `swiftc -sanitize=fuzzer,address -parse-as-library` (libFuzzer ships with the toolchain): the
# first six from the files they need, settings and demo against the CheckoutApp module and what it
# imports, built once by SwiftPM with the same sanitizers into .build/fuzz/spm. A crash leaves its
# input in .build/fuzz/crashes/TARGET/; keep it under Fuzz/Regressions/TARGET/ once fixed.
# libFuzzer's last lines (#runs, cov:, ft:) are the figures. The sanitized SwiftPM builds run with
# LeakSanitizer off: the build plugin's own tool is built with AddressSanitizer too, and the
# strings it holds until it exits would otherwise count as leaks and fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(json lines normalizer bintable keys session settings demo spool)
target=${1:-}
mode=${2:-}
if [ "$target" = list ] || [ -z "$target" ]; then
  printf '%s\n' "${targets[@]}"
  [ -n "$target" ] && exit 0 || { echo "usage: scripts/fuzz.sh TARGET SECONDS|replay" >&2; exit 2; }
fi

core=(Sources/CheckoutCore/*.swift Sources/CheckoutCore/*/*.swift)
extra=()
case "$target" in
  json) source=Fuzz/Targets/JSONParserFuzz.swift ;;
  lines) source=Fuzz/Targets/InputLineSplitterFuzz.swift ;;
  normalizer) source=Fuzz/Targets/CardNumberNormalizerFuzz.swift ;;
  bintable) source=Fuzz/Targets/BinTableCSVFuzz.swift ;;
  session) source=Fuzz/Targets/SessionFileFuzz.swift ;;
  settings | demo)
    [ "$target" = settings ] && source=Fuzz/Targets/SettingsFileFuzz.swift || source=Fuzz/Targets/DemoScriptFuzz.swift
    # The modules themselves, instrumented: SwiftPM builds them (incrementally) and the target links
    # their objects, so the code fuzzed is the code that ships. AddressSanitizer and libFuzzer's
    # coverage are asked for directly: -sanitize=fuzzer would also turn the resource plugin's own
    # tool into a library without a main.
    spm=.build/fuzz/spm
    ASAN_OPTIONS=detect_leaks=0 swift build --build-path "$spm" -c release -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table --target CheckoutApp >&2
    core=()
    for module in CheckoutCore CheckoutStore CheckoutResources CheckoutEngine NolPay CheckoutApp CTerminalRestore; do
      core+=("$spm"/release/"$module".build/*.o)
    done
    # Every system-library module's map (their `link` lines name the libraries), and the C target's.
    extra=(-I "$spm/release/Modules" -Xcc "-fmodule-map-file=$spm/release/CTerminalRestore.build/module.modulemap" -ldl)
    for map in Sources/C*/module.modulemap; do extra+=(-I "$(dirname "$map")"); done
    ;;
  spool)
    # The spool reader as CheckoutStore ships it: SwiftPM builds the store (and CheckoutCore) with
    # the sanitizers, as for settings and demo, and the target links their objects and SQLite.
    source=Fuzz/Targets/LedgerSpoolFuzz.swift
    spm=.build/fuzz/spm
    ASAN_OPTIONS=detect_leaks=0 swift build --build-path "$spm" -c release -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table --target CheckoutStore >&2
    core=()
    for module in CheckoutCore CheckoutStore; do core+=("$spm"/release/"$module".build/*.o); done
    extra=(-I "$spm/release/Modules" -I Sources/CSQLite)
    ;;
  keys)
    # The decoder and the key types it returns, with ncurses' key codes; nothing else of the UI.
    # Key.swift also declares ScreenInput, which needs the engine: only its `Key` enum is taken. The
    # decoder lives in CheckoutTUI and imports CheckoutApp for these types; compiled as one module
    # with them, that import goes.
    source=Fuzz/Targets/TerminalKeyDecoderFuzz.swift
    mkdir -p .build/fuzz/generated
    generate() { cmp -s "$1.new" "$1" || mv "$1.new" "$1"; }
    awk '/^\/\/\/ Something that happened/ { exit } { print }' Sources/CheckoutApp/Framework/Key.swift \
      > .build/fuzz/generated/Key.swift.new
    generate .build/fuzz/generated/Key.swift
    grep -v '^import CheckoutApp$' Sources/CheckoutTUI/Terminal/TerminalKeyDecoder.swift > .build/fuzz/generated/TerminalKeyDecoder.swift.new
    generate .build/fuzz/generated/TerminalKeyDecoder.swift
    core=(.build/fuzz/generated/TerminalKeyDecoder.swift Sources/CheckoutApp/Framework/PasteAssembler.swift
          .build/fuzz/generated/Key.swift)
    extra=(-I Sources/CNCursesW -lncursesw)
    ;;
  *) echo "scripts/fuzz.sh: unknown target $target (one of: ${targets[*]})" >&2; exit 2 ;;
esac

out=.build/fuzz
# libFuzzer reports crashes itself; the Swift runtime's backtracer would only delay it (and can
# outlive the process it was started for).
export SWIFT_BACKTRACE=enable=no
binary=$out/bin/$target
mkdir -p "$out/bin" "$out/corpus/$target" "$out/crashes/$target"
# Rebuilt when any of its inputs is newer (find stops at the first: `ls -t | head` died of SIGPIPE,
# under pipefail, once the inputs were hundreds of objects).
if [ ! -x "$binary" ] || [ -n "$(find "$source" Fuzz/FuzzCheck.swift "${core[@]}" Sources/CheckoutApp/Framework/Key.swift Sources/CheckoutTUI/Terminal/TerminalKeyDecoder.swift "$0" \
                                 -newer "$binary" -print -quit)" ]; then
  echo "building $binary" >&2
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name Fuzz \
    "${extra[@]}" "$source" Fuzz/FuzzCheck.swift "${core[@]}" -o "$binary"
fi

if [ "$mode" = replay ]; then
  shopt -s nullglob
  inputs=(Fuzz/Regressions/"$target"/*)
  [ ${#inputs[@]} -eq 0 ] && { echo "$target: no kept inputs"; exit 0; }
  "$binary" -runs=1 "${inputs[@]}"
  exit
fi

seconds=${mode:-60}
case "$seconds" in ''|*[!0-9]*) echo "scripts/fuzz.sh: SECONDS must be a whole number, not $seconds" >&2; exit 2 ;; esac
# -rss_limit_mb: the targets keep nothing between runs, so growth is a leak or a blow-up worth seeing.
"$binary" -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=1024 -max_len=4096 \
  -artifact_prefix="$out/crashes/$target/" "$out/corpus/$target" "Fuzz/Corpus/$target"
