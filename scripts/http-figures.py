#!/usr/bin/env python3
"""Prints the HTTP figures: libraries loaded, `--version` start-up against dialog's, and what hostile
BIN services do to `checkout detect`, for one binary or a before/after pair in the same run.

Usage: python3 scripts/http-figures.py [NAME=]CHECKOUT... [--runs N] [--rss-runs N] [--hostile-runs N] [--hostile NAME]

  CHECKOUT   e.g. .build/release/checkout from `swift build -c release --static-swift-stdlib --product checkout`;
             several builds (say before=… after=…) are measured in the same loop, interleaved

`dialog` and GNU time must be installed (apt-get install dialog time). A binary that buffers whole bodies is run under a
3 GiB address-space limit so that it cannot take the machine down with it.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STUB = os.path.join(HERE, "..", "Tests", "CheckoutEngineTests", "Support", "stub_bin_server.py")
CARD = "4000002500001001"
HOSTILE = ["endless-body", "huge-length", "gzip-bomb", "endless-chunked", "drip", "redirect-loop",
           "redirect-away", "no-first-digits", "empty-first-digits", "short-first-digits", "other-first-digits"]
ADDRESS_SPACE_LIMIT = 3 << 30
TIME = "/usr/bin/time"


def peak_rss(argv, stdin_text=None, limit=None):
    """Runs argv under GNU time; returns (peak RSS bytes, exit status, stdout).

    Not wait4 from here: the kernel carries the high-water mark of the memory a program is exec'd
    from into its ru_maxrss, so a child of this Python process would show at least Python's ~10 MB.
    GNU time forks it from its own ~1 MB."""
    def preexec():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    with tempfile.NamedTemporaryFile("r", prefix="peak-") as peak:
        proc = subprocess.run([TIME, "-q", "-f", "%M", "-o", peak.name] + argv, input=(stdin_text or "").encode(),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=preexec if limit else None)
        text = peak.read().split()
    return (int(text[-1]) * 1024 if text else None), proc.returncode, proc.stdout.decode(errors="replace")


def wall_time(argv):
    """posix_spawn + wait with stdout on /dev/null: wall seconds."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    os.waitpid(pid, 0)
    wall = time.perf_counter() - start
    os.close(devnull)
    return wall


def loaded_objects(argv, stdin_text=None):
    env = dict(os.environ, LD_DEBUG="files")
    proc = subprocess.run(argv, input=(stdin_text or "").encode(), env=env, capture_output=True)
    names = []
    for line in proc.stderr.decode(errors="replace").splitlines():
        if "file=" in line and ("needed by" in line or "dynamically loaded by" in line):
            name = line.split("file=")[1].split(" ")[0]
            if name not in names:
                names.append(name)
    return names


def summary(values, scale, unit, digits=1):
    values = sorted(v * scale for v in values)
    return f"{statistics.median(values):.{digits}f} {unit} ({values[0]:.{digits}f}–{values[-1]:.{digits}f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--rss-runs", type=int, default=20)
    parser.add_argument("--hostile-runs", type=int, default=5)
    parser.add_argument("--hostile", action="append", help="run the hostile services against this NAME only (repeatable)")
    options = parser.parse_args()
    names = [b.split("=", 1)[0] if "=" in b else f"checkout{i + 1}" for i, b in enumerate(options.binaries)]
    binaries = [os.path.abspath(b.split("=", 1)[-1]) for b in options.binaries]
    dialog = subprocess.run(["sh", "-c", "command -v dialog"], capture_output=True, text=True).stdout.strip()
    if not dialog:
        sys.exit("dialog is not installed: apt-get install dialog")
    if not os.access(TIME, os.X_OK):
        sys.exit("GNU time is not installed: apt-get install time")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start (shared with other jobs)")

    stub_log = tempfile.NamedTemporaryFile(prefix="stub-", suffix=".log", delete=False).name
    stub = subprocess.Popen([sys.executable, STUB, "--log", stub_log], stdout=subprocess.PIPE, text=True)
    try:
        port = int(stub.stdout.readline().split()[0])
        url = f"http://127.0.0.1:{port}"

        print("\nshared libraries")
        for name, binary in zip(names, binaries):
            linked = [l for l in subprocess.run(["ldd", binary], capture_output=True, text=True).stdout.splitlines()
                      if "linux-vdso" not in l]
            version = loaded_objects([binary, "--version"])
            lookup = loaded_objects([binary, "detect", "--bin-service", url + "/honest", "-"], CARD + "\n")
            curl = lambda objects: "with libcurl" if any("libcurl" in o for o in objects) else "no libcurl"
            print(f"  {name:14} ldd: {len(linked)}; loaded by --version: {len(version)} ({curl(version)}); "
                  f"by detect with an HTTP BIN service: {len(lookup)} ({curl(lookup)})")
        dialog_linked = [l for l in subprocess.run(["ldd", dialog], capture_output=True, text=True).stdout.splitlines()
                         if "linux-vdso" not in l]
        print(f"  {'dialog':14} ldd: {len(dialog_linked)}")

        print(f"\n--version, interleaved: wall time ({options.runs} runs each) and peak RSS ({options.rss_runs} runs), median (range)")
        commands = [(name, [binary, "--version"]) for name, binary in zip(names, binaries)] + [("dialog", [dialog, "--version"])]
        walls = {name: [] for name, _ in commands}
        rss = {name: [] for name, _ in commands}
        for _ in range(5):
            for _, argv in commands:
                wall_time(argv)
        for run in range(options.runs):
            for name, argv in commands:
                walls[name].append(wall_time(argv))
                if run < options.rss_runs:
                    rss[name].append(peak_rss(argv)[0])
        dialog_wall = statistics.median(walls["dialog"])
        dialog_rss = statistics.median(rss["dialog"])
        for name, _ in commands:
            print(f"  {name:14} {summary(walls[name], 1000, 'ms', 2):28} ×{statistics.median(walls[name]) / dialog_wall:4.1f} dialog   "
                  f"{summary(rss[name], 1 / 2**20, 'MB'):24} ×{statistics.median(rss[name]) / dialog_rss:4.1f} dialog")

        hostile = [(n, b) for n, b in zip(names, binaries) if n in options.hostile] if options.hostile else list(zip(names, binaries))
        print(f"\nhostile BIN services: checkout detect --bin-timeout 1000, {options.hostile_runs} runs each; "
              "time from the request reaching the server to the process's exit, and peak RSS")
        print(f"  {'service':20} " + "".join(f"{name + ': result':36}{'request→exit':26}{'peak RSS':24}" for name, _ in hostile))
        for service in HOSTILE:
            cells = []
            for name, binary in hostile:
                times, peaks, results = [], [], set()
                for _ in range(options.hostile_runs):
                    open(stub_log, "w").close()
                    peak, status, out = peak_rss([binary, "detect", "--bin-service", f"{url}/{service}", "--bin-timeout", "1000", "-"],
                                                 CARD + "\n", limit=ADDRESS_SPACE_LIMIT)
                    exited = time.monotonic_ns()
                    requests = [int(l.split()[0]) for l in open(stub_log) if f" /{service}/" in l and " GET " in l]
                    if requests:
                        times.append((exited - requests[0]) / 1e9)
                    peaks.append(peak)
                    try:
                        answer = json.loads(out.splitlines()[0])
                        network = ((answer.get("detectedCardNetworks") or {}).get("preferred") or {}).get("network")
                        results.add(f"{answer['source']} {network}")
                    except (IndexError, ValueError, KeyError):
                        results.add(f"exit {status}")
                cells.append(f"{', '.join(sorted(results)):36}{summary(times, 1000, 'ms', 0) if times else '—':26}"
                             f"{summary(peaks, 1 / 2**20, 'MB'):24}")
            print(f"  {service:20} " + "".join(cells))
    finally:
        stub.kill()
        stub.wait()
        os.unlink(stub_log)


if __name__ == "__main__":
    main()
