#!/usr/bin/env python3
"""Instructions per start and per key, `checkout pay` beside `dialog --inputbox`, under valgrind's
callgrind (the one measure a busy machine does not blur), both in a pty at 80x24, in one run.

    counts.py CHECKOUT [--cycles 2] [--size 80x24] [--program NAME=BINARY]... [--keep DIR]

Each program runs twice under `valgrind --tool=callgrind`: once to its first frame (the burst holding
"Card number", as tui.py waits for it) and then SIGINT: the start (exec, the loader, everything up
to and including the first frame) and the exit; for checkout, callgrind also dumps after each call
of `NCursesTerminal.draw` (`--dump-after`), so the first dump is the start to its first frame
drawn; once more with the keys tui.py types in between
(--cycles times the co-badged card digit by digit, the chooser waited for after the 8th digit, then
16 backspaces): the difference over the number of keys is the cost of a key (the BIN lookup, the
chooser and the engine's threads included: callgrind counts every thread). Instructions are
callgrind's `Ir`, all threads, the process's own code and every library it runs.

Needs valgrind (apt-get install valgrind). The counts hold within a fraction of a percent from run
to run and do not move with the machine's load.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui  # noqa: E402
from common import row  # noqa: E402


def instructions(path):
    """The `summary:` (or `totals:`) count of one callgrind profile."""
    with open(path) as lines:
        for line in lines:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit(f"counts.py: no totals in {path}")


def draw_symbol(binary):
    """The symbol of `NCursesTerminal.draw(_:)` in a checkout binary (callgrind dumps after each
    call of it: each frame), or None."""
    listing = subprocess.run(["nm", binary], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        name = line.split()[-1]
        if "15NCursesTerminalC4draw" in name and name.endswith("CanvasVF"):
            return name
    return None


def run_once(argv, env, cycles, is_checkout, work):
    """One run under callgrind: the start, `cycles` rounds of keys, SIGINT and the exit. Returns
    (instructions to the end of the first frame or None, all instructions, keys typed)."""
    profile = os.path.join(work, f"callgrind.out.{cycles}")
    valgrind = [shutil.which("valgrind"), "--tool=callgrind", "--dump-instr=no", "--vgdb=no", f"--callgrind-out-file={profile}"]
    draw = draw_symbol(argv[0]) if is_checkout else None
    if draw:
        valgrind.append(f"--dump-after={draw}")
    session = tui.Session(valgrind + argv, env)
    session.first_frame()
    session.drain(0.5)
    keys = 0
    for _ in range(cycles):
        for index, digit in enumerate(tui.CARD):
            _, _, _, _, data = slow_key(session, digit.encode())
            keys += 1
            if index == 7 and is_checkout and tui.CHOOSER not in data and session.wait_for(tui.CHOOSER, 20.0) is None:
                raise SystemExit("counts.py: the network chooser did not appear within 20 s of the 8th digit")
        for _ in tui.CARD:
            slow_key(session, b"\x7f")
            keys += 1
    session.drain(1.0)
    session.stop_slowly()
    parts = sorted(glob.glob(profile + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
    total = sum(instructions(p) for p in parts + [profile])
    return (instructions(parts[0]) if draw and parts else None), total, keys


def measure(argv, env, cycles, is_checkout, work):
    """(instructions to the first frame, or None when the program has no draw call to dump after;
    instructions of a start, the first frame and the exit; instructions per key; keys): two runs,
    one without keys and one with them, so the keys' share is their difference. (A dump asked for
    from outside, `callgrind_control --dump`, interrupts the program's blocking read: dialog takes
    that for an error and ends. Dialog ends on SIGINT by its default action, so its start and
    exit is its start.)"""
    first_frame, start, _ = run_once(argv, env, 0, is_checkout, work)
    _, typed, keys = run_once(argv, env, cycles, is_checkout, work)
    return first_frame, start, (typed - start) / keys, keys


def slow_key(session, data):
    """A key, and its whole update read (a program under callgrind runs ~50x slower: up to 20 s)."""
    sent = time.perf_counter()
    os.write(session.fd, data)
    got = session.burst(20.0)
    if got is None:
        raise SystemExit(f"counts.py: no update within 20 s of key {data!r}")
    session.drain(0.05)
    return sent, got[0] - sent, got[1] - sent, got[2], got[3]


def _stop_slowly(self):
    """SIGINT, then up to 180 s for a program under callgrind to write its profile and end. Dialog
    under callgrind now and then stays blocked in its read after the SIGINT (seen twice in 2026-12-06's
    runs, its one thread in `wait_woken`): after 30 s it is sent SIGTERM, whose default action ends
    it, and callgrind still writes the profile of a program a signal ended."""
    os.kill(self.pid, tui.signal.SIGINT)
    deadline = time.perf_counter() + 180
    terminate_at = time.perf_counter() + 30
    while time.perf_counter() < deadline:
        if terminate_at and time.perf_counter() > terminate_at:
            os.kill(self.pid, tui.signal.SIGTERM)
            terminate_at = None
        done, _ = os.waitpid(self.pid, os.WNOHANG)
        if done:
            os.close(self.fd)
            return
        self.drain(0.05)
    # Which program, and where each of its threads waits, for the report.
    states = []
    for task in sorted(os.listdir(f"/proc/{self.pid}/task")):
        with open(f"/proc/{self.pid}/task/{task}/stat") as stat, open(f"/proc/{self.pid}/task/{task}/wchan") as wchan:
            states.append(f"{task} {stat.read().rsplit(')', 1)[1].split()[0]} {wchan.read() or '-'}")
    os.kill(self.pid, tui.signal.SIGKILL)
    os.waitpid(self.pid, 0)
    os.close(self.fd)
    program = " ".join(os.path.basename(a) for a in self.argv if not a.startswith("--"))
    raise SystemExit(f"counts.py: {program} did not end within 180 s of SIGINT (threads: {'; '.join(states)})")


tui.Session.stop_slowly = _stop_slowly


def version_count(binary, work):
    """Instructions of `BINARY --version` under callgrind, output to /dev/null."""
    profile = os.path.join(work, "callgrind.out.version")
    subprocess.run([shutil.which("valgrind"), "--tool=callgrind", "--dump-instr=no", "--vgdb=no", f"--callgrind-out-file={profile}",
                    binary, "--version"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return instructions(profile)


def millions(n):
    return f"{n / 1e6:.1f} M"


def thousands(n):
    return f"{n / 1e3:.0f} k"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--cycles", type=int, default=2)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--program", action="append", default=[], help="NAME=BINARY: another checkout build, counted too")
    parser.add_argument("--keep", help="a directory to keep the callgrind dumps in (callgrind_annotate reads them)")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        raise SystemExit("counts.py needs valgrind (apt-get install valgrind)")
    tui.SIZE["columns"], tui.SIZE["rows"] = (int(n) for n in args.size.split("x"))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    data_dir = tempfile.mkdtemp(prefix="bench-counts-")
    programs = [("checkout", args.checkout)] + [tuple(p.split("=", 1)) for p in args.program]
    commands = [(name, [os.path.abspath(binary), "pay", "--data-dir", data_dir], True) for name, binary in programs]
    # The ledger made once beforehand (`checkout events` at end of input), so every counted start
    # opens one that exists, as a person's every start but the first does.
    for _, argv, _ in commands:
        subprocess.run([argv[0], "events", "--data-dir", data_dir], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    commands.append(("dialog", [tui.subprocess_which("dialog"), "--inputbox", "Card number", "8", "40"], False))
    counted, versions = {}, {}
    for name, argv, is_checkout in commands:
        work = tempfile.mkdtemp(prefix=f"bench-counts-{name.split()[0]}-")
        versions[name] = version_count(argv[0], work)
        counted[name] = measure(argv, env, args.cycles, is_checkout, work)
        if args.keep:
            target = os.path.join(args.keep, name.split()[0])
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(work, target)
        shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(data_dir, ignore_errors=True)
    _, d_start, d_key, keys = counted["dialog"]
    size = f"{tui.SIZE['columns']}x{tui.SIZE['rows']}"
    for name, _, _ in commands[:-1]:
        first_frame, start, key, _ = counted[name]
        label = "" if name == "checkout" else f"  {name}: "
        if first_frame is not None:
            row(f"{label}instructions, start → first frame drawn, {size} (callgrind, all threads)",
                f"`dialog --inputbox` (to its first frame and exit on SIGINT): {millions(d_start)}",
                f"`checkout pay`: {millions(first_frame)}", f"{first_frame / d_start:.2f}x")
        row(f"{label}instructions, start → first frame → exit on SIGINT, no key, {size} (callgrind, all threads)", f"`dialog --inputbox`: {millions(d_start)}",
            f"`checkout pay`: {millions(start)}", f"{start / d_start:.2f}x")
        row(f"{label}instructions, `--version` (callgrind)", f"`dialog --version`: {millions(versions['dialog'])}",
            f"{millions(versions[name])}", f"{versions[name] / versions['dialog']:.2f}x")
        row(f"{label}instructions per key, {size}, {keys} keys (callgrind, all threads)", f"dialog: {thousands(d_key)}",
            f"{thousands(key)}", f"{key / d_key:.2f}x")


if __name__ == "__main__":
    main()
