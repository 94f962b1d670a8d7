#!/usr/bin/env bash
# Measures checkout side by side with its anchors, in one run, and prints ratios: every row of
# issue 10's table.
#
#   scripts/bench-compare.sh                             every section below but hostile
#   BENCH_SECTIONS="startup tui" scripts/bench-compare.sh
#   BENCH_SECTIONS=terminal BENCH_RUNS=5 scripts/bench-compare.sh
#                                                        the terminal program beside dialog (issue 33's
#                                                        table): startup, tui at 80x24, counts
#
# Sections (each a function `section_NAME` printing rows of one table; the helpers they call are
# in scripts/bench/):
#   detect            checkout detect - over 1,000,000 lines vs credit-card-type in Node
#   payments          checkout payments (table, --json, --json | head -1) vs sqlite3, 1,000,000 rows
#   payments_events   payments through checkout events vs sqlite3 single-row transactions (tmpfs)
#   startup           checkout --version vs a C hello world and dialog --version
#   tui               checkout pay vs dialog --inputbox in a pty at 80x24 and at 120x40 (the event
#                     panel beside the form): start to first frame, keystroke to first byte p50/p99
#                     (a BIN lookup and the chooser included), memory; BENCH_TUI_DETAILS=1 adds the
#                     last byte of each update, bytes per digit, the chooser's delay and the exit status
#   counts            instructions (valgrind's callgrind, which a busy machine does not blur): checkout
#                     pay vs dialog --inputbox from start to first frame (and exit), per key (the tui
#                     section's keys, BENCH_COUNT_CYCLES rounds, default 2), and --version; the
#                     syscalls and files before the first frame (strace)
#   events            checkout events over 1,000,000 edits (throughput)
#   bin_table         --bin-table at 5,000,000 ranges and 1,000,000 distinct banks
#   stalled_reader    checkout events with a reader that stops reading (peak memory)
#   hostile           what hostile HTTP BIN services do to checkout detect (not in the default set)
# Every measurement is repeated BENCH_RUNS times (default 3), interleaving this program with its
# anchor, and reported as the median [min-max]. Data files are generated into BENCH_OUT (default
# bench-out/, which git ignores) and kept for the next run. dialog, sqlite3, GNU time and a C
# compiler are installed with apt-get when a section needs one that is missing.
#
# Environment:
#   CHECKOUT_BIN           the binary to measure (default: built here as the README says, static runtime)
#   BENCH_DYNAMIC=1        also build with the plain `swift build` (dynamic Swift runtime) and measure
#                          that build's start-up and terminal UI too
#   BASELINE_BIN           optional: an older checkout binary, measured too ("before" figures)
#   CREDIT_CARD_TYPE_DIR   optional: a built copy of the credit-card-type npm package (its dist/
#                          directory); the detect section then runs a Node script on the same file.
#                          Nothing here fetches or builds it.
#   BENCH_RUNS, BENCH_OUT, BENCH_SECTIONS, BENCH_STALL_SECONDS (default 20), BENCH_TUI_SIZES (default "80x24 120x40"),
#   BENCH_TMPFS (default /dev/shm when it is a tmpfs: where payments_events keeps its databases),
#   BENCH_PAYMENTS (default 3000 a run), BENCH_VERSION_RUNS (default 200), BENCH_KEY_CYCLES (default 16)
#
# The figures move with the machine's load: read the ratios, and say how loaded the machine was
# (the load average is printed before and after).
set -euo pipefail
cd "$(dirname "$0")/.."

SECTIONS="${BENCH_SECTIONS:-detect payments payments_events startup tui counts events bin_table stalled_reader}"
if [[ "$SECTIONS" == terminal ]]; then
    SECTIONS="startup tui counts"
    BENCH_TUI_SIZES="${BENCH_TUI_SIZES:-80x24}"
fi
RUNS="${BENCH_RUNS:-3}"
OUT="${BENCH_OUT:-bench-out}"
STALL_SECONDS="${BENCH_STALL_SECONDS:-20}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
BENCH="$(pwd)/scripts/bench"

# need COMMAND PACKAGE: installs PACKAGE with apt-get when COMMAND is missing.
need() {
    command -v "$1" >/dev/null && return
    local sudo=""
    [[ "$(id -u)" == 0 ]] || sudo="sudo"
    echo "bench-compare: installing $2 (for $1)" >&2
    $sudo apt-get install -y -qq "$2" >/dev/null 2>&1 || { $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq "$2" >/dev/null; }
    command -v "$1" >/dev/null || { echo "bench-compare: needs $1 (apt-get install $2)" >&2; exit 2; }
}
need python3 python3
need /usr/bin/time time
for section in $SECTIONS; do
    case "$section" in
        payments|payments_events) need sqlite3 sqlite3 ;;
        startup) need dialog dialog; need cc gcc ;;
        tui) need dialog dialog ;;
        counts) need dialog dialog; need valgrind valgrind; need strace strace ;;
    esac
done
TIME=/usr/bin/time

if [[ -z "${CHECKOUT_BIN:-}" ]]; then
    CHECKOUT_BIN="$(scripts/release-build.sh)"
fi
# Builds to compare in the start-up and terminal-UI sections, as --program NAME=BINARY.
PROGRAMS=()
if [[ "${BENCH_DYNAMIC:-}" == 1 ]]; then
    swift build -c release --product checkout --scratch-path .build-dynamic >/dev/null
    PROGRAMS+=(--program "dynamic runtime (plain swift build)=$(swift build -c release --scratch-path .build-dynamic --show-bin-path)/checkout")
fi
if [[ -n "${BASELINE_BIN:-}" ]]; then PROGRAMS+=(--program "before (BASELINE_BIN)=$BASELINE_BIN"); fi

# MARK: Helpers

# measure COMMAND...: runs COMMAND under GNU time; prints "wall_seconds cpu_seconds peak_kb".
measure() {
    local stats="$OUT/.time.$$"
    "$TIME" -o "$stats" -f "%e %U %S %M" "$@" >/dev/null
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$stats"
    rm -f "$stats"
}

# stats VALUES...: "median [min-max]" of the numbers given.
stats() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%g [%g-%g]", m, v[1], v[NR] }'
}

# field N ENTRIES...: the Nth space-separated field of each entry (entries from `measure`).
field() { local n="$1"; shift; printf '%s\n' "$@" | cut -d' ' -f"$n" | tr '\n' ' '; }

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# count FILE: its number of lines, with thousands separated by commas.
count() { wc -l < "$1" | awk '{ n = $1; s = ""; while (n >= 1000) { s = sprintf(",%03d", n % 1000) s; n = int(n / 1000) } print n s }'; }

# kb_to_mb KB...: each value in megabytes, to one decimal.
kb_to_mb() { printf '%s
' "$@" | awk 'NF { printf "%.1f ", $1 / 1024 }'; }

# ratio A B: A / B to one decimal.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'; }

# row WHAT ANCHOR THIS RATIO: one line of the results table.
row() { printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4"; }

# MARK: Data

# A million lines of card-number prefixes and full numbers (half each), from a fixed seed.
detect_file() {
    local file="$OUT/detect-1m.txt"
    [[ -s "$file" ]] || python3 - "$file" <<'EOF'
import random, sys
r = random.Random(20261129)
starts = ["4", "40117", "401178", "51", "2221", "2200", "34", "37", "6011", "65", "62", "622126", "3056", "36", "3528",
          "5019", "5000", "600722", "9792", "1354", "504175", "6062", "637095", "589562", "40000025", "4000002500001001"]
with open(sys.argv[1], "w") as f:
    for _ in range(1_000_000):
        s = r.choice(starts)
        n = r.randint(13, 19) if r.random() < 0.5 else r.randint(1, 12)
        d = s[:n]
        while len(d) < n:
            d += str(r.randrange(10))
        f.write(d + "\n")
EOF
    echo "$file"
}

# A million `checkout events` edits: cards typed digit by digit.
edits_file() {
    local file="$OUT/edits-1m.jsonl"
    [[ -s "$file" ]] || python3 - "$file" <<'EOF'
import random, sys
r = random.Random(11)
cards = ["4000002500001001", "5555555555554444", "378282246310005", "4035501000000008", "6011111111111117", "4571994000062336"]
with open(sys.argv[1], "w") as f:
    n = 0
    while n < 1_000_000:
        card = r.choice(cards)
        for i in range(1, len(card) + 1):
            f.write('{"rawData":{"cardNumber":"%s","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe","cardNetwork":null}}\n' % card[:i])
            n += 1
            if n == 1_000_000:
                break
EOF
    echo "$file"
}

# bin_table_file ROWS KIND: a BIN table in the public binlist layout. KIND "shared": 2,000 banks,
# each with its country and scheme, every scheme one checkout knows; "distinct": every row names
# another bank.
bin_table_file() {
    local rows="$1" kind="$2" file="$OUT/bins-$1-$2.csv"
    [[ -s "$file" ]] || python3 - "$file" "$rows" "$kind" <<'EOF'
import random, sys
path, rows, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
r = random.Random(7)
schemes = [("visa", ["Visa Classic", "Visa Gold"]), ("mastercard", ["World", "Standard"]), ("amex", ["Green", "Gold"]),
           ("discover", ["", "Cashback"]), ("jcb", ["", "Platinum"]), ("unionpay", ["", "Diamond"]), ("maestro", ["", ""]),
           ("diners club", ["", "Premier"])]
countries = ["US", "GB", "FR", "DE", "BR", "AU", "DK", "BE", "JP", "IN", "CA", "ES", "IT", "NL"]
banks = [("BANK OF EXAMPLE %d, N.A." % i, countries[i % len(countries)], schemes[(i * 7) % len(schemes)]) for i in range(2000)]
step = 100_000_000 // rows
with open(path, "w") as f:
    f.write("iin_start,iin_end,number_length,number_luhn,scheme,brand,type,prepaid,country,bank_name,bank_url,bank_phone,bank_city\n")
    out = []
    for i in range(rows):
        low = i * step + r.randrange(max(1, step // 4))
        high = low + r.randrange(max(1, step // 2))
        name, country, (scheme, brands) = banks[r.randrange(len(banks))]
        if kind == "distinct":
            name = "Distinct Bank %d of Example" % i
        if "," in name:
            name = '"' + name + '"'
        out.append("%08d,%08d,16,true,%s,%s,%s,%s,%s,%s,,,\n" % (low, high, scheme, brands[r.randrange(2)],
                   "debit" if r.random() < 0.5 else "credit", "true" if r.random() < 0.05 else "false", country, name))
        if len(out) >= 10000:
            f.write("".join(out))
            out = []
    f.write("".join(out))
EOF
    echo "$file"
}

# MARK: Sections

# checkout detect - over a million lines, against credit-card-type in Node on the same file.
section_detect() {
    local file ours=() node=() base=() bytes node_script="$OUT/detect-credit-card-type.js"
    file="$(detect_file)"
    cat > "$node_script" <<'EOF'
// One JSON object per input line, written in 64 KiB blocks: credit-card-type's answer for the number.
const fs = require("fs");
const creditCardType = require(process.env.CREDIT_CARD_TYPE_DIR);
const text = fs.readFileSync(process.argv[2], "utf8");
let out = "";
for (let start = 0; start < text.length;) {
  let end = text.indexOf("\n", start);
  if (end < 0) end = text.length;
  const number = text.slice(start, end);
  start = end + 1;
  out += JSON.stringify({ cardNumber: number, types: creditCardType(number) }) + "\n";
  if (out.length >= 65536) { fs.writeSync(1, out); out = ""; }
}
fs.writeSync(1, out);
EOF
    local have_node=""
    if [[ -n "${CREDIT_CARD_TYPE_DIR:-}" ]] && command -v node >/dev/null; then have_node=1; fi
    bytes="$("$CHECKOUT_BIN" detect - < "$file" | wc -c)"
    for _ in $(seq "$RUNS"); do
        ours+=("$(measure sh -c "'$CHECKOUT_BIN' detect - < '$file' | cat > /dev/null")")
        if [[ -n "$have_node" ]]; then node+=("$(measure sh -c "node '$node_script' '$file' | cat > /dev/null")"); fi
        if [[ -n "${BASELINE_BIN:-}" ]]; then base+=("$(measure sh -c "'$BASELINE_BIN' detect - < '$file' | cat > /dev/null")"); fi
    done
    local wall cpu ours_text
    wall="$(field 1 "${ours[@]}")"
    cpu="$(field 2 "${ours[@]}")"
    ours_text="$(stats $wall) s wall, $(stats $cpu) s CPU; $((bytes / $(wc -l < "$file"))) bytes of JSON a line; peak $(( $(median $(field 3 "${ours[@]}")) / 1024 )) MB"
    if [[ -n "$have_node" ]]; then
        local node_wall node_cpu
        node_wall="$(field 1 "${node[@]}")"
        node_cpu="$(field 2 "${node[@]}")"
        row "\`checkout detect -\`, $(count "$file") lines (prefixes and numbers)" \
            "credit-card-type in Node, same file: $(stats $node_wall) s wall, $(stats $node_cpu) s CPU" "$ours_text" \
            "$(ratio "$(median $node_wall)" "$(median $wall)")x Node's throughput ($(ratio "$(median $node_cpu)" "$(median $cpu)")x by CPU time)"
    else
        row "\`checkout detect -\`, $(count "$file") lines (prefixes and numbers)" "(set CREDIT_CARD_TYPE_DIR to run Node)" "$ours_text" ""
    fi
    if [[ -n "${BASELINE_BIN:-}" ]]; then
        local base_wall
        base_wall="$(field 1 "${base[@]}")"
        row "  before (BASELINE_BIN)" "$(stats $base_wall) s wall" "$(stats $wall) s wall" "$(ratio "$(median $base_wall)" "$(median $wall)")x faster"
    fi
}

# checkout events over a million edits, with a reader that keeps up.
section_events() {
    local file ours=() base=() events wall cpu
    file="$(edits_file)"
    events="$("$CHECKOUT_BIN" events --data-dir "$OUT/events-data" < "$file" | wc -l)"
    for _ in $(seq "$RUNS"); do
        ours+=("$(measure sh -c "'$CHECKOUT_BIN' events --data-dir '$OUT/events-data' < '$file' | cat > /dev/null")")
        if [[ -n "${BASELINE_BIN:-}" ]]; then base+=("$(measure sh -c "'$BASELINE_BIN' events --data-dir '$OUT/events-data' < '$file' | cat > /dev/null")"); fi
    done
    wall="$(field 1 "${ours[@]}")"
    cpu="$(field 2 "${ours[@]}")"
    row "\`checkout events\`, $(count "$file") edits (cards typed digit by digit) → $events events" "—" \
        "$(stats $wall) s wall, $(stats $cpu) s CPU: $(awk -v s="$(median $wall)" -v n="$(wc -l < "$file")" 'BEGIN { printf "%.0f", n / s }') edits/s" ""
    if [[ -n "${BASELINE_BIN:-}" ]]; then
        local base_wall base_cpu
        base_wall="$(field 1 "${base[@]}")"
        base_cpu="$(field 2 "${base[@]}")"
        row "  before (BASELINE_BIN)" "$(stats $base_wall) s wall, $(stats $base_cpu) s CPU" "$(stats $wall) s wall" \
            "$(ratio "$(median $base_wall)" "$(median $wall)")x faster ($(ratio "$(median $base_cpu)" "$(median $cpu)")x by CPU time)"
    fi
}

# --bin-table: 5,000,000 binlist rows of 2,000 banks, and 1,000,000 rows of distinct banks.
section_bin_table() {
    local spec rows kind file
    for spec in "5000000 shared" "1000000 distinct"; do
        read -r rows kind <<<"$spec"
        file="$(bin_table_file "$rows" "$kind")"
        local ms=() cpu=() peak=() base=() figures="" ranges per_range
        for _ in $(seq "$RUNS"); do
            figures="$("$CHECKOUT_BIN" bench --bin-table "$file")"
            ms+=("$(sed -n 's/^BIN table load: \([0-9]*\) ms.*/\1/p' <<<"$figures")")
            cpu+=("$(sed -n 's/^BIN table load: [0-9]* ms (\([0-9]*\) ms CPU).*/\1/p' <<<"$figures")")
            peak+=("$(sed -n 's/.*(peak \([0-9.]*\) MB).*/\1/p' <<<"$figures")")
            if [[ -n "${BASELINE_BIN:-}" ]]; then base+=("$(measure "$BASELINE_BIN" detect --bin-table "$file" 4)"); fi
        done
        ranges="$(sed -n 's/.* for \([0-9]*\) ranges.*/\1/p' <<<"$figures")"
        per_range="$(sed -n 's/.*MB kept, \([0-9.]*\) bytes per range.*/\1/p' <<<"$figures")"
        row "\`--bin-table\`, $ranges ranges, $kind banks ($(( $(stat -c %s "$file") / 1000000 )) MB binlist CSV)" "—" \
            "load $(stats "${ms[@]}") ms wall, $(stats "${cpu[@]}") ms CPU; peak $(stats "${peak[@]}") MB; $per_range bytes kept a range" ""
        if [[ -n "${BASELINE_BIN:-}" ]]; then
            local base_wall base_cpu base_mb
            base_wall="$(field 1 "${base[@]}")"
            base_cpu="$(field 2 "${base[@]}")"
            base_mb="$(kb_to_mb $(field 3 "${base[@]}"))"
            row "  before (BASELINE_BIN: its whole run, load and one detection)" \
                "$(stats $base_wall) s wall, $(stats $base_cpu) s CPU, peak $(stats $base_mb) MB" \
                "$(stats "${ms[@]}") ms wall, $(stats "${cpu[@]}") ms CPU, peak $(stats "${peak[@]}") MB" \
                "$(ratio "$(median $base_cpu)" "$(awk -v m="$(median "${cpu[@]}")" 'BEGIN { print m / 1000 }')")x less CPU time, $(ratio "$(median $base_mb)" "$(median "${peak[@]}")")x less memory"
        fi
    done
}

# checkout events over a million edits while its reader stops reading, then reads everything.
section_stalled_reader() {
    local file stalled=() prompt=() base=() s_mb p_mb
    file="$(edits_file)"
    local reader="sleep $STALL_SECONDS; cat > /dev/null"
    for _ in $(seq "$RUNS"); do
        stalled+=("$(measure sh -c "'$CHECKOUT_BIN' events --data-dir '$OUT/events-data' < '$file' | { $reader; }")")
        prompt+=("$(measure sh -c "'$CHECKOUT_BIN' events --data-dir '$OUT/events-data' < '$file' | cat > /dev/null")")
        if [[ -n "${BASELINE_BIN:-}" ]]; then base+=("$(measure sh -c "'$BASELINE_BIN' events --data-dir '$OUT/events-data' < '$file' | { $reader; }")"); fi
    done
    # GNU time reports the largest of the processes it waited for; the shell and reader are small.
    s_mb="$(kb_to_mb $(field 3 "${stalled[@]}"))"
    p_mb="$(kb_to_mb $(field 3 "${prompt[@]}"))"
    row "\`checkout events\`, $(count "$file") edits, reader stalled ${STALL_SECONDS} s then reading all (peak RSS)" \
        "same program, reader keeps up: $(stats $p_mb) MB" "$(stats $s_mb) MB" "$(ratio "$(median $s_mb)" "$(median $p_mb)")x"
    if [[ -n "${BASELINE_BIN:-}" ]]; then
        local b_mb
        b_mb="$(kb_to_mb $(field 3 "${base[@]}"))"
        row "  before (BASELINE_BIN), reader stalled" "$(stats $b_mb) MB" "$(stats $s_mb) MB" "$(ratio "$(median $b_mb)" "$(median $s_mb)")x less memory"
    fi
}

# checkout payments at 1,000,000 rows (table, --json, --json | head -1) vs sqlite3 on the same file.
section_payments() {
    python3 "$BENCH/ledger.py" listing "$CHECKOUT_BIN" --out "$OUT" --runs "$RUNS" ${BASELINE_BIN:+--baseline "$BASELINE_BIN"}
}

# Payments through checkout events vs sqlite3 single-row transactions, same schema and pragmas.
section_payments_events() {
    local dir="${BENCH_TMPFS:-}"
    if [[ -z "$dir" ]]; then
        if [[ "$(stat -f -c %T /dev/shm 2>/dev/null)" == tmpfs ]]; then dir=/dev/shm; else dir="$OUT"; fi
    fi
    python3 "$BENCH/ledger.py" events "$CHECKOUT_BIN" --dir "$dir/checkout-bench-$$" --payments "${BENCH_PAYMENTS:-3000}" \
        --runs "$RUNS" ${BASELINE_BIN:+--baseline "$BASELINE_BIN"}
}

# checkout --version vs a C hello world and dialog --version.
section_startup() {
    python3 "$BENCH/startup.py" "$CHECKOUT_BIN" --out "$OUT" --runs "${BENCH_VERSION_RUNS:-200}" "${PROGRAMS[@]}"
}

# The terminal UI vs dialog --inputbox in a pty at 80x24.
section_tui() {
    local size
    for size in ${BENCH_TUI_SIZES:-80x24 120x40}; do
        python3 "$BENCH/tui.py" "$CHECKOUT_BIN" --size "$size" --runs "$RUNS" --cycles "${BENCH_KEY_CYCLES:-16}" "${PROGRAMS[@]}" ${BENCH_TUI_DETAILS:+--details}
    done
}

# Instructions per start, key and --version beside dialog's (callgrind), and what happens before
# the first frame (strace).
section_counts() {
    python3 "$BENCH/counts.py" "$CHECKOUT_BIN" --cycles "${BENCH_COUNT_CYCLES:-2}" "${PROGRAMS[@]}"
    python3 "$BENCH/first_frame_syscalls.py" "$CHECKOUT_BIN" "${PROGRAMS[@]}"
}

# Hostile HTTP BIN services (the hardening figures; not part of the default set).
section_hostile() {
    python3 "$BENCH/hostile.py" "$CHECKOUT_BIN" --runs "$RUNS" ${BASELINE_BIN:+--program "before=$BASELINE_BIN"}
}

# MARK: Run

echo "bench-compare: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg), ${RUNS} runs each"
echo "checkout: $CHECKOUT_BIN ($(swift --version 2>/dev/null | head -1 | sed 's/ (.*//'); tree $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' with uncommitted changes'))"
echo "anchors: $(dialog --version 2>&1 | head -1) ($(command -v dialog || echo 'dialog not installed')); $(valgrind --version 2>/dev/null || echo 'no valgrind')"
echo
row "what" "anchor, same run" "this program: median [min-max]" "ratio"
row "---" "---" "---" "---"
for section in $SECTIONS; do
    row "*$section* (load $(cut -d' ' -f1-3 /proc/loadavg) at its start)" "" "" ""
    "section_$section"
done
echo
echo "bench-compare: done $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
