#!/usr/bin/env python3
"""Writes the link order of the release `checkout` (scripts/bench/link-order.txt): the functions the
terminal UI runs while a card is typed, those in the most frames first (then by their instructions),
then the functions only its start runs, found
by running it under valgrind's callgrind through the same keys as tui.py (at 80x24, and at 120x40
with the event panel), with a profile dumped after each frame drawn.

    scripts/bench/link_order.py [CHECKOUT]     (default: the release build of the README's command)

Why: a key runs a few hundred functions spread over a 14 MB code section, and between two keys the
program sleeps while other programs take the caches, so each key brings its code back page by page
(an instruction-TLB miss and cache misses for each). Put side by side, those every frame runs first,
a key's code is fewer pages (scripts/bench/footprint.py counts them: 298 -> 256 a key). The start's functions come after them, so what
only the start runs stays out of the keys' pages. (The kernel also maps code 64 KiB at a time
around each page a program touches, so the order decides resident memory too.) Package.swift
hands this list to lld (`--symbol-ordering-file`); a function renamed since the list was made is
only left where it was. Run it again (apt-get install valgrind) when the start-up or key path has
changed much.
"""
import collections
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import counts  # noqa: E402
import tui  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "scripts", "bench", "link-order.txt")


def release_binary():
    build = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "checkout"]
    subprocess.run(build, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(build[:4] + ["--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "checkout")


def functions(binary):
    """Every function symbol's name, and how many times each name is defined."""
    names = collections.Counter()
    for line in subprocess.run(["nm", binary], check=True, capture_output=True, text=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTwW":
            names[fields[2]] += 1
    return names


def self_costs(path):
    """Each function's own instructions in one callgrind profile (`--dump-instr=no`): the cost lines
    under its `fn=`, less the inclusive cost line that follows each `calls=`."""
    names, costs = {}, collections.Counter()
    current, skip = None, False
    with open(path) as lines:
        for line in lines:
            if line.startswith("fn="):
                found = re.match(r"fn=\((\d+)\)(?:\s(.+))?$", line.strip())
                if found.group(2):
                    names[found.group(1)] = found.group(2).strip()
                current = names.get(found.group(1))
                continue
            if line.startswith("cfn="):
                found = re.match(r"cfn=\((\d+)\)(?:\s(.+))?$", line.strip())
                if found and found.group(2):
                    names[found.group(1)] = found.group(2).strip()
                continue
            if line.startswith("calls="):
                skip = True
                continue
            if line[:1].isdigit() or line[:1] in "+-*":
                if skip:
                    skip = False
                    continue
                fields = line.split()
                if current and len(fields) >= 2:
                    costs[current] += int(fields[1])
    return costs


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else release_binary()
    if not shutil.which("valgrind"):
        raise SystemExit("link_order.py needs valgrind (apt-get install valgrind)")
    work = tempfile.mkdtemp(prefix="link-order-")
    # The release link leaves DWARF out (Package.swift: valgrind 3.19 gives up on the C targets'
    # DWARF 5 line tables); a binary linked otherwise is stripped of it here. The symbol table is
    # all callgrind needs.
    stripped = os.path.join(work, "checkout")
    subprocess.run(["strip", "-g", "-o", stripped, binary], check=True)
    draw = counts.draw_symbol(binary)
    if draw is None:
        raise SystemExit("link_order.py: no NCursesTerminal.draw symbol in the binary")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    keys, start, frames = collections.Counter(), collections.Counter(), collections.Counter()
    # The sizes bench-compare.sh measures: 120x40 shows the event panel beside the form.
    for columns, rows in ((80, 24), (120, 40)):
        tui.SIZE["columns"], tui.SIZE["rows"] = columns, rows
        profile = os.path.join(work, f"callgrind-{columns}x{rows}.out")
        argv = [shutil.which("valgrind"), "--tool=callgrind", "--demangle=no", "--dump-instr=no", "--vgdb=no",
                f"--callgrind-out-file={profile}", f"--dump-after={draw}", stripped, "pay", "--data-dir", os.path.join(work, "data")]
        session = tui.Session(argv, env)
        session.first_frame()
        session.drain(1.0)
        for _ in range(2):
            for index, digit in enumerate(tui.CARD):
                counts.slow_key(session, digit.encode())
                if index == 7:
                    session.wait_for(tui.CHOOSER, 20.0)
            for _ in tui.CARD:
                counts.slow_key(session, b"\x7f")
        session.drain(1.0)
        session.stop_slowly()
        # Dump 1 ends with the first frame; dump 2 holds the work after it (the ledger opened, the
        # engine built) and the first key; the last part is the exit.
        parts = sorted(glob.glob(profile + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        for index, part in enumerate(parts):
            costs = self_costs(part)
            (start if index < 2 else keys).update(costs)
            if index >= 2:
                frames.update(name for name, cost in costs.items() if cost > 0)
        start.update(self_costs(profile))
    defined = functions(binary)
    # A name defined twice (a local specialization in two objects) would pull both places forward.
    hot = sorted((name for name in keys if defined.get(name) == 1), key=lambda name: (-frames[name], -keys[name], name))
    cold = sorted(name for name in start if defined.get(name) == 1 and name not in keys)
    with open(OUTPUT, "w") as out:
        out.write("\n".join(hot + cold) + "\n")
    print(f"link_order.py: {len(hot)} functions of the keys, then {len(cold)} of the start only, of {len(defined)}, "
          f"written to {os.path.relpath(OUTPUT, ROOT)}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
