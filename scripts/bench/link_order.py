#!/usr/bin/env python3
"""Writes the link order of the release `checkout` (scripts/bench/link-order.txt): the functions the
terminal UI runs once its start is over and a card is typed, those in the most frames first (then by
their instructions), then the functions only its start runs, found by running it under valgrind's
callgrind through the same keys as tui.py (at 80x24, and at 120x40 with the event panel), with a
profile dumped after each frame drawn and where the start's pages are given back (StartPages);
then the read-only data symbols the keys read (valgrind's lackey, `data_symbols`). Functions
without a symbol (`.L…` sections) cannot be listed: scripts/link/layout.ld places them.

    scripts/bench/link_order.py [CHECKOUT]     (default: the release build of the README's command)

Why: a key runs a few hundred functions spread over a 14 MB code section, and between two keys the
program sleeps while other programs take the caches, so each key brings its code back page by page
(an instruction-TLB miss and cache misses for each). Put side by side, those every frame runs first,
a key's code is fewer pages (scripts/bench/footprint.py counts them: 298 -> 256 a key). The start's functions come after them, so what
only the start runs stays out of the keys' pages. The kernel also maps code 64 KiB at a time
around each page a program touches, so the order decides resident memory too: once the start is
over the terminal UI gives back the pages it used (StartPages), and the keys map again only the
64 KiB windows their code is in (a release build puts each function in a section of its own, so
that the keys' own functions lie side by side; the prebuilt archives' shared sections follow them). Package.swift
hands this list to lld (`--symbol-ordering-file`); a function renamed since the list was made is
only left where it was. Run it again (apt-get install valgrind) when the start-up or key path has
changed much.
"""
import bisect
import collections
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import counts  # noqa: E402
import tui  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "scripts", "bench", "link-order.txt")
RELEASE_BUILD = os.path.join(ROOT, "scripts", "release-build.sh")


def release_binary():
    """The release build of the README's set-up line (scripts/release-build.sh), built if need be."""
    return subprocess.run([RELEASE_BUILD], cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout.strip()


def shared_sections(work):
    """The functions linked as part of a larger code section: lld orders
    sections, not functions, and a prebuilt archive's object (the Swift runtime's `Swift.o`, SQLite's
    files) keeps most of its code in one `.text` section, which lands where the first of its
    functions in the list puts it. Read from the map of the release link (`-Map`), made again into
    `work` from the link command `swift build -v` shows."""
    binary = release_binary()
    os.remove(binary)
    flags = subprocess.run([RELEASE_BUILD, "--print-flags"], check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    build = ["swift", "build", *flags, "--product", "checkout", "-v"]
    shown = subprocess.run(build, cwd=ROOT, check=True, capture_output=True, text=True).stdout.splitlines()
    argv = shlex.split(next(line for line in shown if "-emit-executable" in line and binary in line))
    argv[argv.index("-o") + 1] = os.path.join(work, "linked")
    mapped = os.path.join(work, "link.map")
    subprocess.run(argv + ["-Xlinker", f"-Map={mapped}"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    shared, whole = set(), False
    with open(mapped) as lines:
        for line in lines:
            # VMA, LMA, size, alignment, one space, then the indent (none, 8 or 16 spaces) and a
            # name. Other lines (an unmerged string's text, lld -O0) are not entries.
            entry = re.match(r"\s*[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+ ( *)(\S.*)$", line)
            if entry is None:
                continue
            depth = len(entry.group(1))
            if depth == 0:  # an output section
                whole = False
            elif depth <= 8:  # an input section: whole (`...o:(.text)`) or one function's (`...:(.text.NAME)`)
                whole = line.rstrip().endswith(":(.text)")
            elif whole:
                shared.add(entry.group(2).strip())
    return shared


def functions(binary):
    """Every function symbol's name, and how many times each name is defined."""
    names = collections.Counter()
    for line in subprocess.run(["nm", binary], check=True, capture_output=True, text=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTwW":
            names[fields[2]] += 1
    return names


def release_symbol(binary):
    """The symbol of the function that gives the start's pages back (StartPages) and its address,
    or (None, None)."""
    listing = subprocess.run(["nm", binary], check=True, capture_output=True, text=True).stdout
    return next(((line.split()[-1], int(line.split()[0], 16)) for line in listing.splitlines()
                 if "10StartPagesO" in line and "releaseClean" in line), (None, None))


def trigger(part):
    """The function whose end made callgrind write this part (`--dump-after`), or None."""
    with open(part) as lines:
        for line in lines:
            if line.startswith("desc: Trigger: --dump-after="):
                return line.split("=", 1)[1].strip()
            if line.startswith("events:"):
                return None
    return None


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


def type_slowly(session, rounds, chooser_wait):
    """tui.py's keys under valgrind, `rounds` times (the co-badged card digit by digit, the chooser
    after the 8th, then backspaces), each key's whole update read; then the session ends."""
    for _ in range(rounds):
        for index, digit in enumerate(tui.CARD):
            counts.slow_key(session, digit.encode())
            if index == 7:
                session.wait_for(tui.CHOOSER, chooser_wait)
        for _ in tui.CARD:
            counts.slow_key(session, b"\x7f")
    session.drain(1.0)
    session.stop_slowly()


# Where valgrind maps a position-independent executable (no randomization under valgrind);
# data_symbols checks it against the running program's maps.
VALGRIND_PIE_BASE = 0x108000


def data_symbols(binary, stripped, trim_address, env, work):
    """The read-only data symbols (type descriptors, metadata patterns, conformance records) the
    keys read once the start's pages are given back, in the order first read: one round of tui.py's
    keys at 80x24 under valgrind's lackey, each 64-byte line of the binary's data read or written
    after the first instruction of the giving back (scripts/bench/data_lines.c). A symbol
    ordering file orders data sections as it orders functions (a release build gives each its
    own section), so these go together at the head of `.rodata` and the keys' reads fault in a
    window or two there instead of one in each object's data."""
    symbols = []
    for line in subprocess.run(["nm", "-S", "--defined-only", binary], check=True, capture_output=True, text=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "rR":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    # A name many objects define (`l__swift5_reflection_descriptor`) would bring all of them.
    defined = collections.Counter(name for _, _, name in symbols)
    symbols = sorted(symbol for symbol in symbols if defined[symbol[2]] == 1)
    starts = [address for address, _, _ in symbols]
    end = max(address + size for address, size, _ in symbols)
    tool = os.path.join(work, "data_lines")
    subprocess.run(["cc", "-O2", "-o", tool, os.path.join(os.path.dirname(os.path.abspath(__file__)), "data_lines.c")], check=True)
    fifo, lines = os.path.join(work, "lackey.fifo"), os.path.join(work, "data-lines.txt")
    os.mkfifo(fifo)
    reader = subprocess.Popen(["sh", "-c", 'exec "$0" "$1" "$2" "$3" < "$4" > "$5"', tool, hex(VALGRIND_PIE_BASE + trim_address),
                               hex(VALGRIND_PIE_BASE), hex(VALGRIND_PIE_BASE + end), fifo, lines])
    tui.SIZE["columns"], tui.SIZE["rows"] = 80, 24
    argv = [shutil.which("valgrind"), "--tool=lackey", "--trace-mem=yes", f"--log-file={fifo}", stripped, "pay",
            "--data-dir", os.path.join(work, "lackey-data")]
    session = tui.Session(argv, env)
    session.first_frame()
    # Lackey runs a program some hundred times slower: time for the engine's start, so that the
    # pages are given back before the first key.
    session.drain(8.0)
    with open(f"/proc/{session.pid}/maps") as maps:
        mapped = next((int(entry.split()[0].split("-")[0], 16) - int(entry.split()[2], 16) for entry in maps
                       if entry.split()[-1] == stripped), None)
    if mapped != VALGRIND_PIE_BASE:
        raise SystemExit(f"link_order.py: valgrind mapped the binary at {mapped!r}, not {VALGRIND_PIE_BASE:#x}")
    type_slowly(session, rounds=1, chooser_wait=60.0)
    reader.wait()
    if os.path.getsize(lines) == 0:
        raise SystemExit("link_order.py: under lackey the start's pages were not given back (no data read after it)")
    names, seen = [], set()
    with open(lines) as touched:
        for line in touched:
            address = int(line, 16) - VALGRIND_PIE_BASE
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0 and address < symbols[index][0] + max(symbols[index][1], 1) and symbols[index][2] not in seen:
                seen.add(symbols[index][2])
                names.append(symbols[index][2])
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
    draw = counts.draw_symbol(binary)
    trim, trim_address = release_symbol(binary)
    if draw is None or trim is None:
        raise SystemExit("link_order.py: no NCursesTerminal.draw or StartPages release symbol in the binary")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    keys, start, frames = collections.Counter(), collections.Counter(), collections.Counter()
    # The sizes bench-compare.sh measures: 120x40 shows the event panel beside the form.
    for columns, rows in ((80, 24), (120, 40)):
        tui.SIZE["columns"], tui.SIZE["rows"] = columns, rows
        profile = os.path.join(work, f"callgrind-{columns}x{rows}.out")
        argv = [shutil.which("valgrind"), "--tool=callgrind", "--demangle=no", "--dump-instr=no", "--vgdb=no",
                f"--callgrind-out-file={profile}", f"--dump-after={draw}", f"--dump-after={trim}", stripped, "pay",
                "--data-dir", os.path.join(work, "data")]
        session = tui.Session(argv, env)
        session.first_frame()
        session.drain(1.0)
        type_slowly(session, rounds=2, chooser_wait=20.0)
        # A part ends at each frame drawn and where the start's pages are given back. What ran
        # before that part is the start's; what runs after it faults its pages in again, and is the
        # keys' (a frame drawn after it included, and whatever a thread finishes after it). The part
        # that ends with the giving back counts as the keys' too, after them (in no frame): the loop
        # that gives the pages back runs on once they are gone, and so does its caller.
        parts = sorted(glob.glob(profile + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        given_back = next((index for index, part in enumerate(parts) if trigger(part) == trim), None)
        if given_back is None:
            raise SystemExit("link_order.py: the start's pages were not given back in the run (StartPages)")
        for index, part in enumerate(parts):
            costs = self_costs(part)
            (start if index < given_back else keys).update(costs)
            if index > given_back:
                frames.update(name for name, cost in costs.items() if cost > 0)
        start.update(self_costs(profile))
    defined = functions(binary)
    # A name defined in two objects (a local specialization, an outlined copy) pulls both copies
    # forward: the one not run costs a few bytes beside the keys' code, the one run left behind
    # would cost a page, and 64 KiB around it, the first time a key runs it after the start's pages
    # are given back (StartPages).
    hot = sorted((name for name in keys if name in defined), key=lambda name: (-frames[name], -keys[name], name))
    cold = sorted(name for name in start if name in defined and name not in keys)
    # The keys' functions that have sections of their own side by side first, then the shared
    # sections the keys run code in (the first of their functions brings the whole section), then
    # the start's: a shared section among the keys' own would spread them over its size.
    shared = shared_sections(work)
    def own_first(names):
        return sorted(names, key=lambda name: name in shared)  # a stable sort keeps each part's order
    hot, cold = own_first(hot), own_first(cold)
    data = data_symbols(binary, stripped, trim_address, env, work)
    with open(OUTPUT, "w") as out:
        out.write("\n".join(hot + cold + data) + "\n")
    print(f"link_order.py: {len(hot)} functions of the keys, then {len(cold)} of the start only, of {len(defined)}; "
          f"{len(data)} read-only data symbols of the keys; written to {os.path.relpath(OUTPUT, ROOT)}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
