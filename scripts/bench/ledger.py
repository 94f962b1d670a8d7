#!/usr/bin/env python3
"""The ledger beside sqlite3 on the same files: listings, and payments through `checkout events`.

    ledger.py listing CHECKOUT --out DIR [--rows 1000000] [--runs 3] [--baseline OLD]
    ledger.py events CHECKOUT --dir DIR [--payments 3000] [--runs 3] [--baseline OLD]

listing: a ledger of --rows payments (schema made by CHECKOUT, rows filled by the sqlite3 shell, kept
in DIR for the next run), listed by `checkout payments` (table), `--json` and `--json | head -1`
against `sqlite3` and `sqlite3 -json` running the same SELECT (same columns, order and index) on the
same file. Wall time, CPU time and peak resident memory (GNU time), interleaved runs.

events: one rawData line, then --payments submits, each written once the last payment's
checkoutCompleted has been read (a submit while a payment is in flight is ignored). Anchors, with
the same schema and pragmas (WAL, synchronous=FULL, foreign_keys=ON) and one transaction per
payment (BEGIN IMMEDIATE; INSERT; COMMIT): the sqlite3 shell reading them from a script file, and
the sqlite3 shell driven the way checkout is, one payment per round trip through its pipes. DIR
should be on tmpfs, so that the figures are the programs' and not the disk's.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import load, median, ratio, row, summary, timed  # noqa: E402

SELECT = ("SELECT id, created_at, method, amount, surcharge, currency, network, first_digits, last4, status, "
          "decline_reason FROM payments ORDER BY created_at DESC, rowid DESC")
PRAGMAS = "PRAGMA journal_mode=WAL;\nPRAGMA synchronous=FULL;\nPRAGMA foreign_keys=ON;\n"
RAW_DATA = b'{"rawData":{"cardNumber":"4242424242424242","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}}\n'


def make_ledger(checkout, directory):
    """An empty ledger with checkout's schema in `directory`; its database file."""
    subprocess.run([checkout, "payments", "--data-dir", directory], check=True, stdout=subprocess.DEVNULL)
    return os.path.join(directory, "checkout.sqlite")


def fill_ledger(checkout, directory, rows):
    db = os.path.join(directory, "checkout.sqlite")
    stamp = os.path.join(directory, f"filled-{rows}")
    if os.path.exists(stamp):
        return db
    shutil.rmtree(directory, ignore_errors=True)
    make_ledger(checkout, directory)
    # Rows like the sandbox's: pay_ + 20 hex digits, a payment every 3 s from 2025-01-01, a mix of
    # networks and outcomes, a decline reason on declined ones.
    sql = f"""
    PRAGMA journal_mode=WAL;
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {rows - 1})
    INSERT INTO payments (id, created_at, method, amount, surcharge, currency, network, first_digits, last4, status, decline_reason)
    SELECT 'pay_' || lower(hex(randomblob(10))), 1735689600 + i * 3 + (i % 7) / 10.0,
           CASE WHEN i % 10 = 0 THEN 'NOL_PAY' ELSE 'CARD' END, 100 + (i * 37) % 100000, CASE WHEN i % 4 = 0 THEN 30 ELSE 0 END,
           CASE WHEN i % 10 = 0 THEN 'AED' ELSE 'EUR' END,
           CASE i % 5 WHEN 0 THEN 'VISA' WHEN 1 THEN 'CARTES_BANCAIRES' WHEN 2 THEN 'MASTERCARD' WHEN 3 THEN 'AMEX' ELSE 'NOL' END,
           CASE WHEN i % 10 = 0 THEN '' ELSE '40000025' END, printf('%04d', i % 10000),
           CASE WHEN i % 13 = 0 THEN 'DECLINED' WHEN i % 97 = 0 THEN 'FAILED' ELSE 'AUTHORIZED' END,
           CASE WHEN i % 13 = 0 THEN 'insufficient funds' END
    FROM n;
    PRAGMA wal_checkpoint(TRUNCATE);
    """
    subprocess.run(["sqlite3", db], input=sql.encode(), check=True, stdout=subprocess.DEVNULL)
    open(stamp, "w").close()
    return db


def listing(args):
    directory = os.path.join(args.out, f"ledger-{args.rows}")
    db = fill_ledger(args.checkout, directory, args.rows)
    size = os.path.getsize(db) / 1e6
    programs = [("ours", args.checkout)] + ([("before", args.baseline)] if args.baseline else [])
    cases = [
        ("`checkout payments` (table)", ["payments"], ["sqlite3", db, SELECT], False),
        ("`checkout payments --json`", ["payments", "--json"], ["sqlite3", "-json", db, SELECT], False),
        ("`checkout payments --json \\| head -1`", ["payments", "--json"], ["sqlite3", "-json", db, SELECT], True),
    ]
    for name, arguments, anchor, head_one in cases:
        measured = {who: ([], [], []) for who in ["anchor"] + [who for who, _ in programs]}
        for _ in range(args.runs):  # interleaved, so that load changes hit all alike
            for who, argv in [("anchor", anchor)] + [(who, [binary] + arguments + ["--data-dir", directory]) for who, binary in programs]:
                for series, value in zip(measured[who], timed(argv, head_one=head_one)):
                    series.append(value)
        a_wall, a_cpu, a_rss = measured["anchor"]
        o_wall, o_cpu, o_rss = measured["ours"]
        cpu_ratio = f", {ratio(median(o_cpu), median(a_cpu))} by CPU" if median(a_cpu) >= 0.05 else ""
        row(f"{name}, {args.rows:,} rows ({size:.0f} MB database)",
            f"`sqlite3{' -json' if '--json' in arguments else ''}` same SELECT: {summary(a_wall, 3, 's')} wall, "
            f"{summary(a_cpu, 2, 's')} CPU, peak {summary(a_rss, 1, 'MB')}",
            f"{summary(o_wall, 3, 's')} wall, {summary(o_cpu, 2, 's')} CPU, peak {summary(o_rss, 1, 'MB')}",
            f"{ratio(median(o_wall), median(a_wall))} sqlite3's time{cpu_ratio}")
        if args.baseline:
            b_wall, b_cpu, b_rss = measured["before"]
            row("  before (BASELINE_BIN)", f"{summary(b_wall, 3, 's')} wall, peak {summary(b_rss, 1, 'MB')}",
                f"{summary(o_wall, 3, 's')} wall, peak {summary(o_rss, 1, 'MB')}",
                f"{ratio(median(b_wall), median(o_wall), 1)} faster, {ratio(median(b_rss), median(o_rss), 1)} less memory")


def events_rate(checkout, directory, payments):
    """Payments per second through `checkout events`, one round trip each."""
    shutil.rmtree(directory, ignore_errors=True)
    make_ledger(checkout, directory)
    proc = subprocess.Popen([checkout, "events", "--bin-service", "off", "--debounce", "0", "--data-dir", directory],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdin.write(RAW_DATA)
    start = time.perf_counter()
    for _ in range(payments):
        proc.stdin.write(b'{"submit":{}}\n')
        proc.stdin.flush()
        while b'"checkoutCompleted"' not in proc.stdout.readline():
            pass
    rate = payments / (time.perf_counter() - start)
    proc.stdin.close()
    proc.wait()
    return rate


def insert(i):
    return ("BEGIN IMMEDIATE;\nINSERT INTO payments (id, created_at, method, amount, surcharge, currency, network, "
            f"first_digits, last4, status, decline_reason) VALUES ('pay_{i:020x}', {1735689600 + i}.5, 'CARD', 4999, 0, "
            "'EUR', 'VISA', '42424242', '4242', 'AUTHORIZED', NULL);\nCOMMIT;\n")


def script_rate(checkout, directory, payments):
    """Payments per second of the sqlite3 shell reading the transactions from a file."""
    shutil.rmtree(directory, ignore_errors=True)
    db = make_ledger(checkout, directory)
    script = os.path.join(directory, "payments.sql")
    with open(script, "w") as f:
        f.write(".output /dev/null\n" + PRAGMAS + "".join(insert(i) for i in range(payments)))
    with open(script, "rb") as stdin:
        start = time.perf_counter()
        subprocess.run(["sqlite3", db], stdin=stdin, check=True, stdout=subprocess.DEVNULL)
        return payments / (time.perf_counter() - start)


def round_trip_rate(checkout, directory, payments):
    """Payments per second of the sqlite3 shell driven one transaction per round trip."""
    shutil.rmtree(directory, ignore_errors=True)
    db = make_ledger(checkout, directory)
    proc = subprocess.Popen(["sqlite3", db], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdin.write((PRAGMAS + "SELECT 'ready';\n").encode())
    proc.stdin.flush()
    while b"ready" not in proc.stdout.readline():
        pass
    start = time.perf_counter()
    for i in range(payments):
        proc.stdin.write((insert(i) + "SELECT 'done';\n").encode())
        proc.stdin.flush()
        while b"done" not in proc.stdout.readline():
            pass
    rate = payments / (time.perf_counter() - start)
    proc.stdin.close()
    proc.wait()
    return rate


def events(args):
    os.makedirs(args.dir, exist_ok=True)
    kind = subprocess.run(["stat", "-f", "-c", "%T", args.dir], capture_output=True, text=True).stdout.strip()
    programs = [("ours", args.checkout)] + ([("before", args.baseline)] if args.baseline else [])
    rates = {who: [] for who in ["script", "round trip"] + [who for who, _ in programs]}
    for run in range(args.runs):
        rates["script"].append(script_rate(args.checkout, os.path.join(args.dir, "script"), args.payments))
        rates["round trip"].append(round_trip_rate(args.checkout, os.path.join(args.dir, "round-trip"), args.payments))
        for who, binary in programs:
            rates[who].append(events_rate(binary, os.path.join(args.dir, who), args.payments))
    shutil.rmtree(args.dir, ignore_errors=True)
    ours = rates["ours"]
    what = f"payments through `checkout events`, {args.payments:,} a run ({kind}; WAL, synchronous=FULL)"
    row(what, f"sqlite3 shell, single-row transactions from a script: {summary(rates['script'], 0, '/s')}",
        f"{summary(ours, 0, '/s')}", f"{median(ours) / median(rates['script']):.2f}x")
    row("  same, anchor driven like checkout (one round trip through its pipes per payment)",
        f"sqlite3 shell: {summary(rates['round trip'], 0, '/s')}", f"{summary(ours, 0, '/s')}",
        f"{median(ours) / median(rates['round trip']):.2f}x")
    if args.baseline:
        row("  before (BASELINE_BIN)", f"{summary(rates['before'], 0, '/s')}", f"{summary(ours, 0, '/s')}",
            f"{median(ours) / median(rates['before']):.1f}x faster")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["listing", "events"])
    parser.add_argument("checkout")
    parser.add_argument("--out", default="bench-out")
    parser.add_argument("--dir")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--payments", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline")
    args = parser.parse_args()
    if args.mode == "listing":
        listing(args)
    else:
        args.dir = args.dir or os.path.join(args.out, "payments-events")
        events(args)


if __name__ == "__main__":
    main()
