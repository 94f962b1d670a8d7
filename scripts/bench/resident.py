#!/usr/bin/env python3
"""Where the terminal UI's resident memory is: each mapping's resident kilobytes (and how many of
them are anonymous) after the first frame and after the keys, for `checkout pay` beside
`dialog --inputbox`, at 80x24.

    resident.py CHECKOUT [--runs 3] [--cycles 1]

The keys are tui.py's (the co-badged card digit by digit, the chooser after the 8th, then
backspaces), `--cycles` times. Prints, for each program, VmRSS and its anonymous and file-backed
parts (medians of the runs, [min-max]), then the mappings of the last run, largest first: a
binary's or library's code (r-xp), its read-only data (r--p, which holds the relocated RELRO pages
too, anonymous), its writable data (rw-p), the heap, thread stacks and other anonymous memory.
Why: tui.py gives the total, this says which part moved (Docs/figures.md, "Where the memory is").
"""
import argparse
import collections
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui  # noqa: E402
from common import median, summary  # noqa: E402


def mappings(pid):
    """{(file name or [kind], permissions): [resident kB, anonymous kB]} from /proc/PID/smaps."""
    totals, current = collections.defaultdict(lambda: [0, 0]), None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if "-" in fields[0] and ":" not in fields[0]:
                name = os.path.basename(fields[5]) if len(fields) > 5 else "[anonymous]"
                current = (name, fields[1])
            elif fields[0] == "Rss:":
                totals[current][0] += int(fields[1])
            elif fields[0] == "Anonymous:":
                totals[current][1] += int(fields[1])
    return totals


def session(argv, env, cycles, is_checkout):
    s = tui.Session(argv, env)
    s.first_frame()
    s.drain(0.5)
    first = s.memory()
    for _ in range(cycles):
        for index, digit in enumerate(tui.CARD):
            s.key(digit.encode())
            if index == 7:
                if is_checkout:
                    s.wait_for(tui.CHOOSER, 3.0)
                s.drain(0.3)
        for _ in tui.CARD:
            s.key(b"\x7f")
    s.drain(0.3)
    result = (first, s.memory(), mappings(s.pid))
    s.stop()
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cycles", type=int, default=1)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="bench-resident-")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    programs = [("checkout", [os.path.abspath(args.checkout), "pay", "--data-dir", data], True),
                ("dialog", [tui.subprocess_which("dialog"), "--inputbox", "Card number", "8", "40"], False)]
    runs = {name: [session(argv, env, args.cycles, is_checkout) for _ in range(args.runs)] for name, argv, is_checkout in programs}
    for name, results in runs.items():
        def mb(when, key):
            return [r[when][key] for r in results]
        print(f"{name}: after the first frame {summary(mb(0, 'VmRSS'), 1, 'MB')}; after the keys {summary(mb(1, 'VmRSS'), 1, 'MB')} "
              f"({summary(mb(1, 'RssAnon'), 2)} anonymous, {summary(mb(1, 'RssFile'), 2)} file-backed), median {median(mb(1, 'VmRSS')):.1f} MB")
        for (file, perms), (resident, anonymous) in sorted(results[-1][2].items(), key=lambda item: -item[1][0]):
            if resident >= 32:
                print(f"    {resident:6d} kB {f'({anonymous} anonymous)' if anonymous else '':18} {perms} {file}")


if __name__ == "__main__":
    main()
