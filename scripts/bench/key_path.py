#!/usr/bin/env python3
"""Where a keystroke's time goes, `checkout pay` beside `dialog --inputbox`, in one run: perf's
syscall and scheduler tracepoints, recorded system-wide while tui.py's keys are typed in a pty at
80x24, split each key into the kernel's part and the program's own.

    key_path.py CHECKOUT [--cycles 3] [--runs 3]      (needs perf: apt-get install linux-perf)

For each key, from the trace:
    sent   the harness's write of the key to the pty
    wake   the program's main thread woken
    run    that thread put on a CPU
    read   its read of the key returned
    out    its first write to the terminal
    back   the harness's wait for output returned
and the medians of wake-sent, run-wake, read-run, out-read (the program's own work from the key
to its first byte: what instruction counts and caches decide), back-out, and back-sent (what
tui.py's keystroke figure measures, without Python's own time). Runs alternate the programs.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui  # noqa: E402
from common import row  # noqa: E402

EVENTS = ",".join([
    "syscalls:sys_enter_write", "syscalls:sys_enter_read", "syscalls:sys_exit_read",
    "syscalls:sys_exit_poll", "syscalls:sys_exit_select", "syscalls:sys_exit_pselect6",
    "sched:sched_switch", "sched:sched_wakeup",
])
SEGMENTS = [("sent", "wake"), ("wake", "run"), ("run", "read"), ("read", "out"), ("out", "back"), ("sent", "back")]
LINE = re.compile(r"\s*.+?\s+(\d+)/(\d+)\s+\[\d+\]\s+([\d.]+):\s+(\S+):\s*(.*)")


def record(argv, is_checkout, cycles, trace):
    """Types the keys with perf recording; (harness pid, program pid)."""
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    session = tui.Session(argv, env)
    session.first_frame() if is_checkout else session.burst(2.0)
    session.drain(0.5)
    perf = subprocess.Popen(["perf", "record", "-q", "-a", "-o", trace, "-e", EVENTS],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    for _ in range(cycles):
        for index, digit in enumerate(tui.CARD):
            session.key(digit.encode())
            if index == 7:
                session.drain(0.3)
        for _ in tui.CARD:
            session.key(b"\x7f")
    time.sleep(0.2)
    perf.send_signal(2)
    perf.wait()
    session.stop()
    return os.getpid(), session.pid


def segments(trace, harness, program):
    """Each key's moments, as the trace has them."""
    script = subprocess.run(["perf", "script", "-i", trace, "-F", "comm,pid,tid,cpu,time,event,trace"],
                            capture_output=True, text=True).stdout
    keys, key = [], None
    for line in script.splitlines():
        match = LINE.match(line)
        if not match:
            continue
        pid, tid, at, event, rest = int(match[1]), int(match[2]), float(match[3]), match[4], match[5]
        if pid == harness and event == "syscalls:sys_enter_write" and "count: 0x00000001" in rest:
            key = {"sent": at}
            keys.append(key)
        elif key is None:
            continue
        elif event == "sched:sched_wakeup" and f"pid={program} " in rest:
            key.setdefault("wake", at)
        elif event == "sched:sched_switch" and f"next_pid={program} " in rest:
            key.setdefault("run", at)
        elif tid == program and event == "syscalls:sys_exit_read" and "read" not in key and "run" in key:
            key["read"] = at
        elif pid == program and event == "syscalls:sys_enter_write" and "fd: 0x00000001" in rest:
            key.setdefault("out", at)
        elif pid == harness and "out" in key and event.startswith("syscalls:sys_exit_") and event != "syscalls:sys_exit_read":
            key.setdefault("back", at)
    return keys


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--cycles", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    dialog = tui.subprocess_which("dialog")
    data = tempfile.mkdtemp(prefix="bench-keypath-")
    programs = [("checkout pay", [os.path.abspath(args.checkout), "pay", "--data-dir", data], True),
                ("dialog --inputbox", [dialog, "--inputbox", "Card number", "8", "40"], False)]
    found = {name: {segment: [] for segment in SEGMENTS} for name, _, _ in programs}
    with tempfile.TemporaryDirectory(prefix="bench-keypath-trace-") as scratch:
        for run in range(args.runs):
            for name, argv, is_checkout in programs:
                trace = os.path.join(scratch, f"{run}.data")
                harness, program = record(argv, is_checkout, args.cycles, trace)
                for key in segments(trace, harness, program):
                    for start, end in SEGMENTS:
                        if start in key and end in key:
                            found[name][(start, end)].append((key[end] - key[start]) * 1000)
    for start, end in SEGMENTS:
        ours, theirs = median(found["checkout pay"][(start, end)]), median(found["dialog --inputbox"][(start, end)])
        count = len(found["checkout pay"][(start, end)])
        row(f"key {start} → {end}, median of {count} keys (perf tracepoints)", f"dialog: {theirs:.3f} ms", f"{ours:.3f} ms",
            f"{ours / theirs:.2f}x" if theirs > 0 else "")


if __name__ == "__main__":
    main()
