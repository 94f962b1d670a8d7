#!/usr/bin/env python3
"""What hostile BIN services do to `checkout detect`: the answer, the time from the request reaching
the server to the exit, and peak memory, for each of the stub server's hostile services.

    hostile.py CHECKOUT [--runs 5] [--program NAME=BINARY]...

The stub server is Tests/CheckoutEngineTests/Support/stub_bin_server.py. Each binary runs under a
3 GiB address-space limit, so that one that buffers whole bodies cannot take the machine down.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import row, summary, TIME  # noqa: E402
from startup import loaded_objects  # noqa: E402

STUB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "CheckoutEngineTests", "Support",
                    "stub_bin_server.py")
CARD = "4000002500001001"
HOSTILE = ["endless-body", "huge-length", "gzip-bomb", "endless-chunked", "drip", "redirect-loop",
           "redirect-away", "no-first-digits", "empty-first-digits", "short-first-digits", "other-first-digits"]
ADDRESS_SPACE_LIMIT = 3 << 30


def peak_rss(argv, stdin_text):
    """Runs argv under GNU time and the address-space limit: (peak RSS bytes, exit status, stdout).

    GNU time rather than wait4 from here: the kernel carries the high-water mark of the memory a
    program is exec'd from into its ru_maxrss, so a child of this Python process would show at
    least Python's ~10 MB."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_LIMIT, ADDRESS_SPACE_LIMIT))
    with tempfile.NamedTemporaryFile("r", prefix="peak-") as peak:
        proc = subprocess.run([TIME, "-q", "-f", "%M", "-o", peak.name] + argv, input=stdin_text.encode(),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=limit)
        text = peak.read().split()
    return (int(text[-1]) * 1024 if text else None), proc.returncode, proc.stdout.decode(errors="replace")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--program", action="append", default=[], help="NAME=BINARY: another checkout build, measured too")
    args = parser.parse_args()
    programs = [("checkout", os.path.abspath(args.checkout))] + [(n, os.path.abspath(b)) for n, b in (p.split("=", 1) for p in args.program)]
    stub_log = tempfile.NamedTemporaryFile(prefix="stub-", suffix=".log", delete=False).name
    stub = subprocess.Popen([sys.executable, STUB, "--log", stub_log], stdout=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{int(stub.stdout.readline().split()[0])}"
        for name, binary in programs:
            lookup = loaded_objects([binary, "detect", "--bin-service", url + "/honest", CARD])
            row(f"{name}: shared libraries loaded by `detect` with an HTTP BIN service", "—",
                f"{len(lookup)} ({'libcurl among them' if any('libcurl' in o for o in lookup) else 'no libcurl'})", "")
        for service in HOSTILE:
            for name, binary in programs:
                times, peaks, results = [], [], set()
                for _ in range(args.runs):
                    open(stub_log, "w").close()
                    peak, status, out = peak_rss([binary, "detect", "--bin-service", f"{url}/{service}", "--bin-timeout", "1000", "-"],
                                                 CARD + "\n")
                    exited = time.monotonic_ns()
                    requests = [int(l.split()[0]) for l in open(stub_log) if f" /{service}/" in l and " GET " in l]
                    if requests:
                        times.append((exited - requests[0]) / 1e9)
                    peaks.append(peak or 0)
                    try:
                        answer = json.loads(out.splitlines()[0])
                        network = ((answer.get("detectedCardNetworks") or {}).get("preferred") or {}).get("network")
                        results.add(f"{answer['source']} {network}")
                    except (IndexError, ValueError, KeyError):
                        results.add(f"exit {status}")
                row(f"{name}: hostile BIN service `{service}` (--bin-timeout 1000)", "—",
                    f"{', '.join(sorted(results))}; request → exit {summary(times, 0, 'ms', 1000) if times else '—'}; "
                    f"peak {summary(peaks, 1, 'MB', 1 / 2**20)}", "")
    finally:
        stub.kill()
        stub.wait()
        os.unlink(stub_log)


if __name__ == "__main__":
    main()
