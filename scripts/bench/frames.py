#!/usr/bin/env python3
"""The main thread's instructions for each frame of a key, `checkout pay` at 80x24, under valgrind's
callgrind with the threads counted apart (`--separate-threads=yes`) and a dump after each draw.

    frames.py CHECKOUT [--keep DIR]

The keys are tui.py's: twice the co-badged card digit by digit (the chooser waited for after the
8th digit) and 16 backspaces. For each key it prints the main thread's count of each frame the key
led to: the first is the key's own (its read, its handling, its frame drawn), a second one the
engine's answer to it (`dataIsValid`, the BIN answer). The engine's own thread is left out: what a
key costs before its first byte is the main thread's work. Then the medians of the keys' own
frames, digits and backspaces apart. Needs valgrind (apt-get install valgrind).
"""
import argparse
import glob
import os
import re
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import counts  # noqa: E402
import tui  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--keep", help="a directory to keep the profiles in (callgrind.out.N-01 is frame N's main thread)")
    args = parser.parse_args()
    binary = os.path.abspath(args.checkout)
    work = args.keep or tempfile.mkdtemp(prefix="bench-frames-")
    os.makedirs(work, exist_ok=True)
    for old in glob.glob(os.path.join(work, "callgrind.out*")):
        os.remove(old)
    profile = os.path.join(work, "callgrind.out")
    draw = counts.draw_symbol(binary)
    if draw is None:
        raise SystemExit("frames.py: no NCursesTerminal.draw symbol in the binary")
    valgrind = [shutil.which("valgrind"), "--tool=callgrind", "--dump-instr=no", "--vgdb=no", "--separate-threads=yes",
                f"--callgrind-out-file={profile}", f"--dump-after={draw}"]
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    session = tui.Session(valgrind + [binary, "pay", "--data-dir", tempfile.mkdtemp(prefix="bench-frames-data-")], env)
    session.first_frame()
    session.drain(1.0)

    def dumps():
        return sorted({int(m.group(1)) for path in glob.glob(profile + ".*") if (m := re.search(r"\.(\d+)-01$", path))})

    keys = (list(tui.CARD) + ["\x7f"] * len(tui.CARD)) * 2
    seen = []
    for index, key in enumerate(keys):
        before = len(dumps())
        counts.slow_key(session, key.encode())
        if index % (2 * len(tui.CARD)) == 7:
            session.wait_for(tui.CHOOSER, 20.0)
        session.drain(0.5)
        seen.append((key, dumps()[before:]))
    session.stop_slowly()
    own = {"digit": [], "backspace": []}
    for key, frames in seen:
        counted = [counts.instructions(f"{profile}.{n}-01") for n in frames]
        kind = "backspace" if key == "\x7f" else "digit"
        if counted:
            own[kind].append(counted[0])
        print(f"{'⌫' if kind == 'backspace' else key}  " + "  ".join(f"{n / 1e3:.0f} k" for n in counted))
    for kind, values in own.items():
        if values:
            print(f"median of a {kind}'s own frame, main thread: {statistics.median(values) / 1e3:.0f} k instructions "
                  f"[{min(values) / 1e3:.0f}-{max(values) / 1e3:.0f}], {len(values)} keys")


if __name__ == "__main__":
    main()
