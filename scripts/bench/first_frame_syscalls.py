#!/usr/bin/env python3
"""What `checkout pay` asks the kernel before its first frame, beside `dialog --inputbox`: one start
of each under `strace -f` in a pty at 80x24, up to the write that puts "Card number" on screen.

    first_frame_syscalls.py CHECKOUT [--program NAME=BINARY]... [--keep DIR]

Prints, for each: the system calls before that write (all threads), the threads started, and the
files opened (the loader's shared libraries counted apart from the rest, which are named). With
--keep the strace logs are kept there (`strace -tt` timestamps each call).
"""
import argparse
import collections
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui  # noqa: E402
from common import row  # noqa: E402

CALL = re.compile(r"^\d+\s+[\d:.]+\s+([a-z_0-9]+)\(")
OPENED = re.compile(r'openat\([^,]+, "([^"]+)", [^)]*\) = \d+')


def trace(argv, env, log):
    session = tui.Session([shutil.which("strace"), "-f", "-tt", "-s", "256", "-o", log] + argv, env)
    session.first_frame()
    session.drain(0.3)
    session.stop()


def before_first_frame(log):
    """(calls before the first frame by name, files opened, threads started)."""
    calls = collections.Counter()
    opened = []
    threads = 0
    with open(log, errors="replace") as lines:
        for line in lines:
            found = CALL.match(line)
            if not found:
                continue  # "<... resumed>", signals, exits
            name = found.group(1)
            if name == "write" and re.search(r"write\(1, .*Card number", line):
                break
            calls[name] += 1
            if name in ("clone", "clone3"):
                threads += 1
            path = OPENED.search(line)
            if path:
                opened.append(path.group(1))
    return calls, opened, threads


def describe(calls, opened, threads, data_dir=None):
    libraries = [p for p in opened if ".so" in os.path.basename(p) or p == "/etc/ld.so.cache"]
    locale = sorted({p for p in opened if p.startswith("/usr/lib/locale/") and p not in libraries})
    others = [p.replace(data_dir, "DATA") if data_dir else p for p in opened if p not in libraries and p not in locale]
    if locale:
        others.append(f"{len(locale)} files of the locale ({', '.join(os.path.basename(p) for p in locale)})")
    top = ", ".join(f"{n} {name}" for name, n in calls.most_common(4))
    named = "; ".join(sorted(set(others))) or "none"
    return (f"{sum(calls.values())} calls ({top}); {threads} threads started; "
            f"{len(libraries)} shared objects opened; other files: {named}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--program", action="append", default=[])
    parser.add_argument("--keep")
    args = parser.parse_args()
    if not shutil.which("strace"):
        raise SystemExit("first_frame_syscalls.py needs strace (apt-get install strace)")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    work = tempfile.mkdtemp(prefix="bench-strace-")
    data_dir = os.path.join(work, "data")
    programs = [("checkout", args.checkout)] + [tuple(p.split("=", 1)) for p in args.program]
    results = {}
    for name, binary in programs:
        binary = os.path.abspath(binary)
        # A ledger that exists, as every start but a person's first finds it.
        os.system(f"'{binary}' events --data-dir '{data_dir}' < /dev/null > /dev/null")
        log = os.path.join(work, f"{name.split()[0]}.strace")
        trace([binary, "pay", "--data-dir", data_dir], env, log)
        results[name] = before_first_frame(log)
    log = os.path.join(work, "dialog.strace")
    trace([tui.subprocess_which("dialog"), "--inputbox", "Card number", "8", "40"], env, log)
    d_calls, d_opened, d_threads = before_first_frame(log)
    for name, (calls, opened, threads) in results.items():
        label = "" if name == "checkout" else f"  {name}: "
        row(f"{label}system calls before the first frame, 80x24 (strace -f, one start)",
            f"dialog: {describe(d_calls, d_opened, d_threads)}", f"{describe(calls, opened, threads, data_dir)}",
            f"{sum(calls.values()) / max(1, sum(d_calls.values())):.2f}x")
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        for entry in os.listdir(work):
            if entry.endswith(".strace"):
                shutil.copy(os.path.join(work, entry), args.keep)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
