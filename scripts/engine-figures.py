#!/usr/bin/env python3
"""Prints the engine's README figures by driving the real `checkout events` in real time.

Usage: scripts/engine-figures.sh   (builds checkout in release mode first)
       scripts/engine-figures.py PATH/TO/checkout
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STUB = os.path.join(HERE, "..", "Tests", "CheckoutEngineTests", "Support", "stub_bin_server.py")
CARD = "4000002500001001"


def raw(number, network=None):
    return json.dumps({"rawData": {"cardNumber": number, "expiryDate": "12/30", "cvv": "123",
                                   "cardholderName": "Jane Doe", "cardNetwork": network}})


class Run:
    """One `checkout events` process; every output line is kept with its arrival time."""

    def __init__(self, binary, args, data_dir):
        self.proc = subprocess.Popen([binary, "events", "--data-dir", data_dir] + args, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = []
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        for line in self.proc.stdout:
            self.lines.append((time.monotonic(), json.loads(line)))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return time.monotonic()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        self.reader.join(timeout=5)
        return [event for _, event in self.lines]

    def first(self, predicate, after=0.0):
        return next((t for t, event in self.lines if t >= after and predicate(event)), None)


def source(event):
    return event.get("metadata", {}).get("source") if event.get("event") == "didReceiveMetadata" else None


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".build", "release", "checkout")
    data_dir = tempfile.mkdtemp(prefix="checkout-figures-")
    debounce = 200

    # Typing at 20 keys/s, five cards.
    requests, latencies = [], []
    for _ in range(5):
        run = Run(binary, ["--debounce", str(debounce)], data_dir)
        eighth = None
        for length in range(1, len(CARD) + 1):
            sent = run.send(raw(CARD[:length]))
            if length == 8:
                eighth = sent
            time.sleep(0.05)
        time.sleep(0.3)
        events = run.close()
        remote = run.first(lambda e: source(e) == "REMOTE")
        requests.append(sum(1 for e in events if e["event"] == "willFetchMetadata"))
        latencies.append((remote - eighth) * 1000 if remote and eighth else float("nan"))
    print(f"BIN requests per card typed at 20 keys/s: {requests} (target 1 each)")
    print(f"8th digit -> REMOTE metadata (debounce {debounce} ms, embedded table, no latency): "
          f"min {min(latencies):.1f} ms, max {max(latencies):.1f} ms; over the debounce: max {max(latencies) - debounce:.1f} ms")

    # Pasting whole.
    pasted = []
    for _ in range(5):
        run = Run(binary, ["--debounce", str(debounce)], data_dir)
        run.send(raw(CARD[:4] + " " + CARD[4:8] + " " + CARD[8:12] + " " + CARD[12:]))
        events = run.close()
        pasted.append(sum(1 for e in events if e["event"] == "willFetchMetadata"))
    print(f"BIN requests per pasted card: {pasted} (target 1 each)")

    # Fault matrix against the stub server, timeout 300 ms.
    stub = subprocess.Popen([sys.executable, STUB], stdout=subprocess.PIPE, text=True)
    try:
        port, closed = stub.stdout.readline().split()
        faults = [("HTTP 503", "22222222", port), ("malformed JSON", "33333333", port), ("empty answer", "44444444", port),
                  ("slow (10 s)", "11111111", port), ("response never ends", "55555555", port),
                  ("connection refused", "40000025", closed)]
        print("fault matrix (debounce 10 ms, --bin-timeout 300 ms; submit sent with the number):")
        for name, bin_, p in faults:
            run = Run(binary, ["--debounce", "10", "--bin-timeout", "300", "--bin-service", f"http://127.0.0.1:{p}"], data_dir)
            sent = run.send(raw(bin_ + "00000000"))
            run.send('{"submit":{}}')
            run.close()
            fallback = run.first(lambda e: source(e) == "LOCAL_FALLBACK")
            paid = run.first(lambda e: e["event"] in ("checkoutCompleted", "checkoutFailed"))
            fallback_ms = f"{(fallback - sent) * 1000:.0f} ms" if fallback else "never"
            paid_ms = f"{(paid - sent) * 1000:.0f} ms" if paid else "never"
            print(f"  {name:22} LOCAL_FALLBACK after {fallback_ms:>8}; payment answered after {paid_ms:>8}")
    finally:
        stub.kill()
        stub.wait()


if __name__ == "__main__":
    main()
