#!/usr/bin/env python3
"""Writes the link order of the release `checkout` (scripts/bench/link-order.txt): the functions the
terminal UI runs from start to the card form and while a card is typed (at 80x24 and at 120x40 with
the event panel), found by running it under valgrind's callgrind through the same keys as tui.py.

    scripts/bench/link_order.py [CHECKOUT]     (default: the release build of the README's command)

Why: the kernel maps a program's code 64 KiB at a time around each page it touches (fault-around),
so with the functions one screen runs spread over a 33 MB binary most of its code ends up resident.
Package.swift hands this list to lld (`--symbol-ordering-file`), which puts these functions side by
side at the start of the code; a function renamed since the list was made is only left where it was.
Run it again (apt-get install valgrind) when the start-up or key path has changed much; the memory
row of scripts/bench-compare.sh shows when it is due.
"""
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
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
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    tui.KEY_TIMEOUT = 30.0  # under callgrind, on a busy machine
    ran = set()
    # The sizes bench-compare.sh measures: 120x40 shows the event panel beside the form.
    for columns, rows in ((80, 24), (120, 40)):
        tui.SIZE["columns"], tui.SIZE["rows"] = columns, rows
        profile = os.path.join(work, f"callgrind-{columns}x{rows}.out")
        argv = [shutil.which("valgrind"), "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                stripped, "pay", "--data-dir", os.path.join(work, "data")]
        tui.measure(argv, env, 2, True)
        with open(profile) as lines:
            for line in lines:
                found = re.match(r"^c?fn=\(\d+\)\s(.+)$", line)
                if found:
                    ran.add(found.group(1).strip())
    defined = functions(binary)
    # A name defined twice (a local specialization in two objects) would pull both places forward.
    order = sorted(name for name in ran if defined.get(name) == 1)
    with open(OUTPUT, "w") as out:
        out.write("\n".join(order) + "\n")
    print(f"link_order.py: {len(order)} functions of {len(defined)} written to {os.path.relpath(OUTPUT, ROOT)}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
