#!/usr/bin/env python3
"""Start-up: `checkout --version` beside a C hello world and `dialog --version`, and the shared
libraries each loads.

    startup.py CHECKOUT --out DIR [--runs 200] [--program NAME=BINARY]...

Wall time from posix_spawn to the exit (output to /dev/null), every program in turn for --runs
rounds after 5 rounds of warm-up; median [min-max]. The hello world is compiled with `cc -O2`.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import median, ratio, row, spawn_wall, summary  # noqa: E402


def loaded_objects(argv):
    """The shared objects the dynamic loader loads for argv (LD_DEBUG=files), in order."""
    proc = subprocess.run(argv, env=dict(os.environ, LD_DEBUG="files"), capture_output=True)
    names = []
    for line in proc.stderr.decode(errors="replace").splitlines():
        if "file=" in line and ("needed by" in line or "dynamically loaded by" in line):
            name = line.split("file=")[1].split(" ")[0]
            if name not in names:
                names.append(name)
    return names


def which(name):
    for directory in os.environ.get("PATH", "/usr/bin").split(":"):
        path = os.path.join(directory, name)
        if os.access(path, os.X_OK):
            return path
    raise SystemExit(f"{name} is not installed (apt-get install {name})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--out", default="bench-out")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--program", action="append", default=[], help="NAME=BINARY: another checkout build, measured too")
    args = parser.parse_args()
    hello = os.path.join(os.path.abspath(args.out), "hello")
    source = hello + ".c"
    with open(source, "w") as f:
        f.write('#include <stdio.h>\nint main(void) { puts("hello, world"); return 0; }\n')
    subprocess.run(["cc", "-O2", "-o", hello, source], check=True)
    dialog = which("dialog")
    programs = [("checkout", os.path.abspath(args.checkout))] + [(n, os.path.abspath(b)) for n, b in (p.split("=", 1) for p in args.program)]
    commands = [(name, [binary, "--version"]) for name, binary in programs] + [("dialog", [dialog, "--version"]), ("hello", [hello])]
    walls = {name: [] for name, _ in commands}
    for round_index in range(5 + args.runs):
        for name, argv in commands:
            wall = spawn_wall(argv)
            if round_index >= 5:
                walls[name].append(wall)
    dialog_libraries = loaded_objects([dialog, "--version"])
    for name, binary in programs:
        label = "" if name == "checkout" else f"  {name}: "
        libraries = loaded_objects([binary, "--version"])
        curl = "libcurl among them" if any("libcurl" in l for l in libraries) else "no libcurl"
        row(f"{label}`checkout --version` wall time, {args.runs} runs each",
            f"C hello world {summary(walls['hello'], 2, 'ms', 1000)}; `dialog --version` {summary(walls['dialog'], 2, 'ms', 1000)}, "
            f"{len(dialog_libraries)} shared libraries loaded",
            f"{summary(walls[name], 2, 'ms', 1000)}, {len(libraries)} shared libraries loaded ({curl})",
            f"{ratio(median(walls[name]), median(walls['dialog']), 1)} dialog's, {ratio(median(walls[name]), median(walls['hello']), 1)} hello world's")


if __name__ == "__main__":
    main()
