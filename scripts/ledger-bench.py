#!/usr/bin/env python3
"""The ledger measured side by side with sqlite3 on the same files, in one run.

    scripts/ledger-bench.py CHECKOUT [--rows 1000000] [--runs 5] [--payments 3000] [--old OLD_CHECKOUT]

1. A ledger of --rows payments (made by CHECKOUT, filled by the sqlite3 shell), listed by
   `checkout payments`, `--json` and `--json | head -1`, against `sqlite3` and `sqlite3 -json`
   running the same SELECT (same columns, same order, same index) on the same file. Wall time, CPU
   time (user + system) and peak resident memory of the listing process (GNU time), medians and
   ranges over --runs interleaved runs, and the ratios of medians. Start-up (`--version` of each)
   is measured the same way, since it is most of `| head -1`.
2. Payments through `checkout events`: one rawData line, then --payments times a submit line
   written as soon as the previous payment's checkoutCompleted event is read (a submit while a
   payment is in flight is ignored, so each waits for the last), against the sqlite3 shell doing
   --payments single-row transactions (BEGIN IMMEDIATE; INSERT; COMMIT) into the same schema with
   the same pragmas (WAL, synchronous=FULL, foreign_keys=ON). Rates are payments per second.

--old runs another build (the first release) through step 1 as well, for a before and after.
"""
import argparse, os, shutil, statistics, subprocess, tempfile, time

SELECT = ("SELECT id, created_at, method, amount, surcharge, currency, network, first_digits, last4, status, "
          "decline_reason FROM payments ORDER BY created_at DESC, rowid DESC")


def run(argv, stdout_path=os.devnull, head_one=False):
    """Runs argv under GNU time; returns (wall seconds, CPU seconds, peak RSS in MB).

    With head_one, only the first line is read and the pipe is closed, as `| head -1` does."""
    report = tempfile.NamedTemporaryFile(prefix="ledger-bench-time-", delete=False)
    report.close()
    timed = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name] + argv
    start = time.perf_counter()  # GNU time's %e has 10 ms steps, too coarse for a start-up
    if head_one:
        proc = subprocess.Popen(timed, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        proc.stdout.readline()
        proc.stdout.close()
    else:
        with open(stdout_path, "wb") as out:
            proc = subprocess.Popen(timed, stdout=out, stderr=subprocess.DEVNULL)
    proc.wait()
    wall = time.perf_counter() - start
    with open(report.name) as f:
        fields = f.read().split()[-4:]  # after "Command terminated by signal 13" when the reader left
    os.unlink(report.name)
    user, system, rss = float(fields[1]), float(fields[2]), float(fields[3])
    return wall, user + system, rss / 1024


def summary(values, unit, digits=2):
    med = statistics.median(values)
    return med, f"{med:.{digits}f} {unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def fill_ledger(checkout, directory, rows):
    subprocess.run([checkout, "payments", "--data-dir", directory], check=True, stdout=subprocess.DEVNULL)
    db = os.path.join(directory, "checkout.sqlite")
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
    return db


def listing(args, checkout, db, directory, label_prefix=""):
    cases = [
        ("start-up (`--version`)", [checkout, "--version"], ["sqlite3", "--version"], False),
        ("table", [checkout, "payments", "--data-dir", directory], ["sqlite3", db, SELECT], False),
        ("--json", [checkout, "payments", "--json", "--data-dir", directory], ["sqlite3", "-json", db, SELECT], False),
        ("--json \\| head -1", [checkout, "payments", "--json", "--data-dir", directory], ["sqlite3", "-json", db, SELECT], True),
    ]
    results = []
    for name, ours, anchor, head_one in cases:
        measured = {"ours": ([], [], []), "anchor": ([], [], [])}
        for _ in range(args.runs):  # interleaved, so load changes hit both alike
            for who, argv in (("anchor", anchor), ("ours", ours)):
                for series, value in zip(measured[who], run(argv, head_one=head_one)):
                    series.append(value)
        (a_wall, a_cpu, a_rss), (o_wall, o_cpu, o_rss) = measured["anchor"], measured["ours"]
        results.append((label_prefix + name,
                        summary(a_wall, "s", 3)[1], summary(a_cpu, "s", 2)[1], summary(a_rss, "MB", 1)[1],
                        summary(o_wall, "s", 3)[1], summary(o_cpu, "s", 2)[1], summary(o_rss, "MB", 1)[1],
                        statistics.median(o_wall) / statistics.median(a_wall),
                        statistics.median(o_cpu) / statistics.median(a_cpu) if statistics.median(a_cpu) >= 0.05 else None))
    return results


def payments_rate(args, checkout, scratch):
    n = args.payments
    # sqlite3: single-row transactions, same schema (made by checkout), same pragmas.
    anchor_dir = os.path.join(scratch, "anchor")
    subprocess.run([checkout, "payments", "--data-dir", anchor_dir], check=True, stdout=subprocess.DEVNULL)
    script = os.path.join(scratch, "anchor.sql")
    with open(script, "w") as f:
        f.write(".output /dev/null\nPRAGMA journal_mode=WAL;\nPRAGMA synchronous=FULL;\nPRAGMA foreign_keys=ON;\n")
        for i in range(n):
            f.write("BEGIN IMMEDIATE;\nINSERT INTO payments (id, created_at, method, amount, surcharge, currency, network, "
                    f"first_digits, last4, status, decline_reason) VALUES ('pay_{i:020x}', {1735689600 + i}.5, 'CARD', 4999, 0, "
                    "'EUR', 'VISA', '42424242', '4242', 'AUTHORIZED', NULL);\nCOMMIT;\n")
    rates = {"ours": [], "anchor": []}
    for run_index in range(args.runs):
        start = time.perf_counter()
        subprocess.run(["sqlite3", os.path.join(anchor_dir, "checkout.sqlite")], stdin=open(script, "rb"), check=True,
                       stdout=subprocess.DEVNULL)
        rates["anchor"].append(n / (time.perf_counter() - start))
        ours_dir = os.path.join(scratch, f"events-{run_index}")
        subprocess.run([checkout, "payments", "--data-dir", ours_dir], check=True, stdout=subprocess.DEVNULL)
        proc = subprocess.Popen([checkout, "events", "--bin-service", "off", "--debounce", "0", "--data-dir", ours_dir],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        proc.stdin.write(b'{"rawData":{"cardNumber":"4242424242424242","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}}\n')
        start = time.perf_counter()
        for _ in range(n):
            proc.stdin.write(b'{"submit":{}}\n')
            proc.stdin.flush()
            while b'"checkoutCompleted"' not in proc.stdout.readline():
                pass
        rates["ours"].append(n / (time.perf_counter() - start))
        proc.stdin.close()
        proc.wait()
        subprocess.run(["sqlite3", os.path.join(anchor_dir, "checkout.sqlite"), "DELETE FROM payments"], check=True)
    anchor_rate, anchor_text = summary(rates["anchor"], "/s", 0)
    ours_rate, ours_text = summary(rates["ours"], "/s", 0)
    return anchor_text, ours_text, ours_rate / anchor_rate


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--payments", type=int, default=3000)
    parser.add_argument("--old")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="ledger-bench-")
    try:
        directory = os.path.join(scratch, "ledger")
        db = fill_ledger(args.checkout, directory, args.rows)
        print(f"ledger: {args.rows:,} rows, {os.path.getsize(db) / 1e6:.0f} MB; {args.runs} interleaved runs each; "
              f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
        print(f"| {args.rows:,} rows | sqlite3 wall | sqlite3 CPU | sqlite3 peak RSS | checkout wall | checkout CPU "
              "| checkout peak RSS | wall ratio | CPU ratio |")
        print("|---|---|---|---|---|---|---|---|---|")
        rows = listing(args, args.checkout, db, directory)
        if args.old:
            rows += listing(args, args.old, db, directory, "first release: ")
        for name, *cells, wall_ratio, cpu_ratio in rows:
            cpu = f"{cpu_ratio:.2f}×" if cpu_ratio is not None else "– (under 0.05 s)"
            print(f"| {name} | " + " | ".join(cells) + f" | {wall_ratio:.2f}× | {cpu} |")
        anchor, ours, ratio = payments_rate(args, args.checkout, scratch)
        print()
        print(f"| payments, {args.payments:,} a run | sqlite3 single-row transactions | checkout events | ratio |")
        print("|---|---|---|---|")
        print(f"| WAL, synchronous=FULL | {anchor} | {ours} | {ratio:.2f}× |")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
