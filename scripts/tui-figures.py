#!/usr/bin/env python3
"""Measures the terminal UI of `checkout` through a pseudo-terminal.

Figures: start to first frame, keystroke to screen update (p50, p99 over 500 keystrokes), bytes
written to the terminal per digit typed, resident memory, and CPU used while idle for 10 s.

    swift build -c release --static-swift-stdlib --product checkout
    python3 scripts/tui-figures.py .build/release/checkout
    python3 scripts/tui-figures.py .build/release/checkout --size 120x40   # with the event panel beside the form

Keystrokes alternate between typing seven digits and deleting them, so every update is a local one
(fewer than 8 digits never reach the BIN service or its debounce).
"""
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

QUIET = 0.015  # an update is over when the terminal has been silent this long


def read_burst(fd, first_timeout, origin=None):
    """Reads one burst of output: returns (seconds from `origin` to its last byte, bytes), or (None, 0)."""
    start = origin if origin is not None else time.perf_counter()
    ready, _, _ = select.select([fd], [], [], first_timeout)
    if not ready:
        return None, 0
    total = 0
    last = start
    while True:
        ready, _, _ = select.select([fd], [], [], QUIET)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        total += len(chunk)
        last = time.perf_counter()
    return last - start, total


def main():
    args = sys.argv[1:]
    columns, rows = 80, 24
    if "--size" in args:
        at = args.index("--size")
        columns, rows = (int(n) for n in args[at + 1].split("x"))
        del args[at:at + 2]
    binary = args[0] if args else ".build/release/checkout"
    data_dir = tempfile.mkdtemp(prefix="checkout-figures-")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        os.execve(binary, [binary, "pay", "--data-dir", data_dir], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    # Start to first frame: until the form's text has arrived.
    seen = b""
    first_frame = None
    while first_frame is None:
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            sys.exit("no first frame within 5 s")
        seen += os.read(fd, 65536)
        if b"Card number" in seen:
            first_frame = time.perf_counter() - started
    read_burst(fd, 0.2)
    time.sleep(0.3)
    read_burst(fd, 0.05)

    latencies, digit_bytes = [], []
    typed = 0
    for i in range(500):
        if (i // 7) % 2 == 0:
            key, is_digit = str((typed % 9) + 1).encode(), True
            typed += 1
        else:
            key, is_digit = b"\x7f", False
        sent = time.perf_counter()
        os.write(fd, key)
        elapsed, count = read_burst(fd, 1.0, origin=sent)
        if elapsed is None:
            sys.exit(f"no update after keystroke {i}")
        latencies.append(elapsed * 1000)
        if is_digit:
            digit_bytes.append(count)

    status = open(f"/proc/{pid}/status").read()
    fields = {line.split(":")[0]: line.split()[1] for line in status.splitlines() if line.startswith(("VmRSS", "RssAnon", "RssFile"))}
    rss_kb, anon_kb, file_kb = int(fields["VmRSS"]), int(fields["RssAnon"]), int(fields["RssFile"])

    def cpu_ticks():
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    read_burst(fd, 0.3)
    # Idle starts once the last update is accounted for: CPU time is counted in 10 ms ticks, and the
    # final keystroke's tick can otherwise land inside the window.
    time.sleep(1)
    before = cpu_ticks()
    idle_start = time.perf_counter()
    while time.perf_counter() - idle_start < 10:
        read_burst(fd, 0.5)
    idle_ticks = cpu_ticks() - before

    os.kill(pid, signal.SIGINT)
    _, wait_status = os.waitpid(pid, 0)
    exit_code = os.waitstatus_to_exitcode(wait_status)

    latencies.sort()
    p50 = statistics.median(latencies)
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    hz = os.sysconf("SC_CLK_TCK")
    print(f"terminal size               {columns}x{rows}")
    print(f"start to first frame        {first_frame * 1000:.1f} ms (target <= 100)")
    print(f"keystroke to update p50     {p50:.2f} ms")
    print(f"keystroke to update p99     {p99:.2f} ms (target <= 16) over {len(latencies)} keystrokes")
    print(f"bytes per digit typed       median {statistics.median(digit_bytes):.0f}, max {max(digit_bytes)} (target median <= 200)")
    print(f"resident memory             {rss_kb / 1024:.1f} MB (anonymous {anon_kb / 1024:.1f} MB, mapped files {file_kb / 1024:.1f} MB; target <= 30)")
    print(f"idle CPU over 10 s          {idle_ticks} ticks = {idle_ticks * 1000 / hz:.0f} ms (target 0)")
    print(f"exit code after SIGINT      {exit_code} (expected 130)")


if __name__ == "__main__":
    main()
