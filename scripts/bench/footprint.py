#!/usr/bin/env python3
"""What a key touches: the distinct 64-byte cache lines and 4 KiB pages of code and of data that
`checkout pay` and `dialog --inputbox` go through from the moment a key wakes them to their first
byte out, under valgrind's lackey (every instruction fetch and every load and store), 80x24.

    footprint.py CHECKOUT [--cycles 1]      (needs valgrind: apt-get install valgrind)

Why this measure: a key after a pause (keys tens of milliseconds apart, as people type) takes
over twice the time of one a millisecond after another, checkout more than dialog, and a core that
sleeps between keys may have lost what the key touched from its caches and TLB (this machine has no
hardware counters to say how much of the difference that is). The counts are the same on every
run of one binary: they show what a change does to what a key touches, where times on a shared
machine cannot.

The window of a key: checkout's from the return of the loop's poll(2) (PollWaiter.wait) to ncurses'
first flush (`_nc_flush_sp`, at the end of a refresh, since a frame goes out in one write); dialog's
from the return of ncurses' read(2) of the key to the same flush in libtinfo. Lackey traces every
thread: the engine's work, when it falls inside a window, is counted too. The keys are tui.py's (the
co-badged card digit by digit, the chooser after the 8th, then backspaces). A window per wake-up: the
engine's answers draw frames of their own, so the medians are of the key's own windows (the first
after each key is sent). Prints the medians [min-max] of instructions, code lines and pages, data
lines and pages, digits and backspaces together.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import counts  # noqa: E402
import tui  # noqa: E402
from common import row  # noqa: E402


def symbols(path):
    """(address, name) of the functions of an ELF file, sorted."""
    out = subprocess.run(["nm", path], capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTwW":
            found.append((int(fields[0], 16), fields[2]))
    return sorted(found)


def dynamic_symbols(path):
    out = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True, text=True).stdout
    return [(int(fields[0], 16), fields[2].split("@")[0]) for fields in (line.split() for line in out.splitlines()) if len(fields) == 3]


def return_after_call(path, function_pattern, callee):
    """The address after the first call of `callee@plt` inside a function whose name matches, or,
    with no pattern, the first call of it in the file (Debian's libncursesw is stripped: its first
    read(2) is fifo_push's, the one a key wakes)."""
    ranges = []
    if function_pattern:
        table = symbols(path)
        for index, (address, name) in enumerate(table):
            if re.search(function_pattern, name):
                ranges.append((address, table[index + 1][0] if index + 1 < len(table) else address + 4096))
    else:
        ranges.append((None, None))
    for low, high in ranges:
        bounds = [f"--start-address={low:#x}", f"--stop-address={high:#x}"] if low is not None else []
        listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn"] + bounds + [path], capture_output=True, text=True).stdout
        lines = [line for line in listing.splitlines() if re.match(r"\s+[0-9a-f]+:", line)]
        for at, line in enumerate(lines):
            if f"<{callee}@plt>" in line and at + 1 < len(lines):
                return int(lines[at + 1].split(":")[0], 16)
    raise SystemExit(f"footprint.py: no call of {callee} in {function_pattern or 'the file'} of {path}")


def entry(path, name):
    for address, symbol in symbols(path) + dynamic_symbols(path):
        if symbol == name:
            return address
    raise SystemExit(f"footprint.py: no {name} in {path}")


class Counter:
    """Reads lackey's trace from a FIFO on a thread of its own; counts each window's lines and pages."""

    def __init__(self, fifo):
        self.fifo = fifo
        self.start = self.end = None
        self.windows = []
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        inside = False
        code_lines, data_lines, code_pages, data_pages = set(), set(), set(), set()
        instructions = 0
        with open(self.fifo, "rb", buffering=1 << 20) as trace:
            for line in trace:
                kind = line[:2]
                if kind == b"I ":
                    address, _, size = line[3:].partition(b",")
                    address = int(address, 16)
                    if not inside:
                        if address == self.start and self.start is not None:
                            inside = True
                            code_lines, data_lines, code_pages, data_pages = set(), set(), set(), set()
                            instructions = 0
                        else:
                            continue
                    if address == self.end:
                        self.windows.append((time.perf_counter(), instructions, len(code_lines), len(code_pages),
                                             len(data_lines), len(data_pages)))
                        inside = False
                        continue
                    instructions += 1
                    last = address + int(size) - 1
                    code_lines.add(address >> 6)
                    code_lines.add(last >> 6)
                    code_pages.add(address >> 12)
                    code_pages.add(last >> 12)
                elif inside and kind in (b" L", b" S", b" M"):
                    address, _, size = line[3:].partition(b",")
                    address = int(address, 16)
                    last = address + int(size) - 1
                    data_lines.add(address >> 6)
                    data_lines.add(last >> 6)
                    data_pages.add(address >> 12)
                    data_pages.add(last >> 12)


def loaded_at(pid, path):
    """Where valgrind loaded `path` in process `pid` (the address of its first mapping)."""
    real = os.path.realpath(path)
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) > 5 and os.path.realpath(fields[5]) == real and fields[2] == "00000000":
                return int(fields[0].split("-")[0], 16)
    raise SystemExit(f"footprint.py: {path} is not mapped in {pid}")


def library(program, name):
    for line in subprocess.run(["ldd", program], capture_output=True, text=True).stdout.splitlines():
        if name in line and "=>" in line:
            return line.split("=>")[1].split()[0]
    raise SystemExit(f"footprint.py: {program} does not load {name}")


def measure(argv, is_checkout, cycles):
    work = tempfile.mkdtemp(prefix="footprint-")
    fifo = os.path.join(work, "trace")
    os.mkfifo(fifo)
    counter = Counter(fifo)
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    valgrind = [shutil.which("valgrind"), "--tool=lackey", "--trace-mem=yes", f"--log-file={fifo}"]
    session = tui.Session(valgrind + argv, env)
    session.first_frame() if is_checkout else session.burst(60.0)
    session.drain(2.0)
    if is_checkout:
        binary = argv[0]
        base = loaded_at(session.pid, binary)
        start = base + return_after_call(binary, r"10PollWaiterC4wait3for5until.*YaF(TY0_)?$", "poll")
        end = base + entry(binary, "_nc_flush_sp")
    else:
        ncurses, tinfo = library(argv[0], "libncursesw"), library(argv[0], "libtinfo")
        start = loaded_at(session.pid, ncurses) + return_after_call(ncurses, None, "read")
        end = loaded_at(session.pid, tinfo) + entry(tinfo, "_nc_flush_sp")
    counter.start, counter.end = start, end
    sent = []
    for _ in range(cycles):
        for index, digit in enumerate(tui.CARD):
            sent.append(time.perf_counter())
            counts.slow_key(session, digit.encode())
            if index == 7 and is_checkout:
                session.wait_for(tui.CHOOSER, 60.0)
        for _ in tui.CARD:
            sent.append(time.perf_counter())
            counts.slow_key(session, b"\x7f")
    session.drain(1.0)
    session.stop_slowly()
    counter.thread.join(timeout=120)
    # A key's own window is the first one that ends after it was sent.
    own = []
    for when in sent:
        later = [window for window in counter.windows if window[0] > when]
        if later:
            own.append(later[0][1:])
    shutil.rmtree(work, ignore_errors=True)
    return own


def summary(values):
    return f"{statistics.median(values):,.0f} [{min(values):,}-{max(values):,}]"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--cycles", type=int, default=1)
    parser.add_argument("--program", action="append", default=[], help="NAME=BINARY: another checkout build, measured too")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        raise SystemExit("footprint.py needs valgrind (apt-get install valgrind)")
    dialog = measure([shutil.which("dialog") or "/usr/bin/dialog", "--inputbox", "Card number", "10", "40"], False, args.cycles)
    programs = [("", args.checkout)] + [tuple(spec.split("=", 1)) for spec in args.program]
    names = ["instructions", "code lines", "code pages", "data lines", "data pages"]
    for label, binary in programs:
        data_dir = tempfile.mkdtemp(prefix="footprint-data-")
        ours = measure([os.path.abspath(binary), "pay", "--data-dir", data_dir], True, args.cycles)
        for index, name in enumerate(names):
            a = [window[index] for window in dialog]
            b = [window[index] for window in ours]
            row(f"{label + ': ' if label else ''}a key's {name}, wake → first byte, 80x24 ({len(b)} keys, lackey)",
                f"dialog: {summary(a)}", summary(b), f"{statistics.median(b) / statistics.median(a):.2f}x")


if __name__ == "__main__":
    main()
