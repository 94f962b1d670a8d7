#!/usr/bin/env bash
# The whole test suite, N times, while other processes keep every core busy: a suite that fails
# only on bugs passes every run. Prints the runs, the failures (each failing test, with the run it
# failed in) and the slowest tests (their longest time over the runs), and the machine's load.
#
#   scripts/test-under-load.sh            5 runs under a load of one busy loop per core
#   scripts/test-under-load.sh 3          3 runs
#   LOAD=0 scripts/test-under-load.sh 1   no added load (the suite's own time)
#   WRITE_DOC=1 scripts/test-under-load.sh   also writes the summary into Docs/figures.md
#   SUMMARY_ONLY=1 scripts/test-under-load.sh   runs nothing: the summary of the logs already there
#
# Builds first (`swift build --build-tests`); each run is `swift test --skip-build`. Logs stay in
# .build/test-under-load/run-N.log. Exits 1 when a run failed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
runs=${1:-5}
load=${LOAD:-1}
logs="$repo/.build/test-under-load"
mkdir -p "$logs"
failed_runs=0
times=()
cores=$(nproc)
loaders=()
if [ "${SUMMARY_ONLY:-}" = 1 ]; then
  runs=$(ls "$logs"/run-*.log | wc -l)
  for log in "$logs"/run-*.log; do
    grep -qE '^[^ ]+ Test run with [0-9]+ tests in [0-9]+ suites passed' "$log" || failed_runs=$((failed_runs + 1))
    times+=("$(grep -hoE 'Test run with [0-9]+ tests in [0-9]+ suites (passed|failed) after [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || echo '?')")
  done
  load=${LOAD:-0}
else
rm -f "$logs"/run-*.log

swift build --build-tests >"$logs/build.log" 2>&1 || { tail -30 "$logs/build.log"; exit 1; }

stop_load() { for pid in "${loaders[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_load EXIT
if [ "$load" = 1 ]; then
  # One busy loop per core, at the tests' own priority: the tests get about half the machine.
  for _ in $(seq "$cores"); do
    bash -c 'while :; do :; done' &
    loaders+=($!)
  done
fi

for run in $(seq "$runs"); do
  log="$logs/run-$run.log"
  start=$(date +%s%N)
  status=0
  swift test --skip-build >"$log" 2>&1 || status=$?
  elapsed=$(( ($(date +%s%N) - start) / 1000000000 ))
  times+=("$elapsed")
  summary=$(grep -E '^[^ ]+ Test run with [0-9]+ tests' "$log" | tail -1 || true)
  if [ "$status" -ne 0 ]; then failed_runs=$((failed_runs + 1)); fi
  printf 'run %d/%d: exit %d, %d s, load %s; %s\n' "$run" "$runs" "$status" "$elapsed" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "${summary:-no summary line (see $log)}"
done
stop_load
fi

echo
echo "runs: $runs, failed: $failed_runs, added load: $([ "$load" = 1 ] && echo "$cores busy loops on $cores cores" || echo none)"
echo "wall time per run (s): ${times[*]}"
echo "failures:"
# Swift Testing: "✘ Test name() recorded an issue at File.swift:12:3: …" and "✘ Test name() failed after …".
grep -HE '✘ Test .* (recorded an issue|failed after)' "$logs"/run-*.log | sed -E "s#^$logs/##; s/after [0-9.]+ seconds.*//" | sort -u | head -40 || true
grep -qE '✘ Test' "$logs"/run-*.log || echo "  none"
echo "slowest tests (longest over the runs, s):"
# "✔ Test name() passed after 1.234 seconds." ; suites ("✔ Suite") are left out.
grep -hE '^[^ ]+ Test .* (passed|failed) after [0-9.]+ seconds' "$logs"/run-*.log |
  sed -E 's/^[^ ]+ Test (.*) (passed|failed) after ([0-9.]+) seconds.*/\3\t\1/' |
  awk -F'\t' '$2 !~ /^run with / { if (!($2 in longest) || $1 + 0 > longest[$2]) longest[$2] = $1 + 0 }
              END { for (test in longest) printf "%.2f\t%s\n", longest[test], test }' |
  sort -gr | head -15 | awk -F'\t' '{ printf "  %7.2f  %s\n", $1, $2 }' || true   # head closes the pipe early (SIGPIPE)

if [ "${WRITE_DOC:-}" = 1 ]; then
  tests=$(grep -hoE 'Test run with [0-9]+ tests in [0-9]+ suites' "$logs"/run-*.log | tail -1 | sed 's/Test run with //')
  line="Last measured $(date -u +%Y-%m-%dT%H:%MZ) by \`scripts/test-under-load.sh $runs\` ($cores cores, $([ "$load" = 1 ] && echo "$cores busy loops beside it" || echo "no added load"), load average $(cut -d' ' -f1-3 /proc/loadavg) at the end): $tests; $runs runs, $failed_runs failed; wall time per run ${times[*]} s."
  awk -v line="$line" '
    /^<!-- test-under-load:begin -->$/ { print; print line; skip = 1; next }
    /^<!-- test-under-load:end -->$/ { skip = 0 }
    !skip { print }
  ' Docs/figures.md >Docs/figures.md.new && mv Docs/figures.md.new Docs/figures.md
  echo "wrote Docs/figures.md: $line"
fi
[ "$failed_runs" -eq 0 ]
