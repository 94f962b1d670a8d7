#!/usr/bin/env python3
"""The terminal UI beside `dialog --inputbox`, both driven through a pseudo-terminal at 80x24.

    tui.py CHECKOUT [--runs 3] [--cycles 16] [--program NAME=BINARY]... [--idle SECONDS] [--details] [--size 80x24]

Each run starts `checkout pay` and `dialog --inputbox` in turn (interleaved) and measures (--size
120x40 shows the event panel beside the form):
- start to first frame: from just before the fork to the last byte of the first burst of output that
  holds the screen's "Card number" (the inputbox is given that prompt too), with the page faults
  by then that read from disk (a page not in the page cache); and for a start 0.3 s after another
  (two more starts after the run, each ended at its first frame: the pages a start reads cached);
- keystroke to first byte (and to the last byte of the update): --cycles times, the co-badged card
  4000 0025 0000 1001 typed digit by digit, with a pause after the 8th digit that outlasts the
  200 ms debounce so that the BIN lookup is made and the network chooser shown (checkout: until
  "Pay with" is on screen, timed from the 8th key), then 8 more digits with the chooser on screen,
  then 16 backspaces. dialog gets the same keys and the same pause. A key's update is over when
  the terminal has been quiet for 10 ms;
- resident memory (VmRSS, and its anonymous and file-backed parts) after the keys;
- with --idle, checkout's CPU time while idle for that many seconds.
Latency percentiles are per run; the rows give their median and range over the runs.
"""
import argparse
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import load, median, percentile, ratio, row, summary  # noqa: E402

SIZE = {"rows": 24, "columns": 80}
QUIET = 0.010
# How long a key's update may take to begin (link_order.py, which runs the program under callgrind, waits longer).
KEY_TIMEOUT = 2.0
CARD = "4000002500001001"
MARKER = b"Card number"
CHOOSER = b"Pay with"


class Session:
    """One program on a pseudo-terminal of its own."""

    def __init__(self, argv, env):
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE["rows"], SIZE["columns"], 0, 0))
            os.execve(argv[0], argv, env)
        self.pid, self.fd, self.argv = pid, fd, argv
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE["rows"], SIZE["columns"], 0, 0))

    def burst(self, first_timeout):
        """Reads one burst: (time of its first byte, time of its last byte, bytes, text), or None."""
        ready, _, _ = select.select([self.fd], [], [], first_timeout)
        if not ready:
            return None
        first = last = None
        data = b""
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            now = time.perf_counter()
            first = first or now
            last = now
            data += chunk
            ready, _, _ = select.select([self.fd], [], [], QUIET)
            if not ready:
                break
        return (first, last, len(data), data) if first else None

    def first_frame(self):
        """Seconds from the start to the last byte of the burst holding the first frame."""
        seen = b""
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline:
            got = self.burst(deadline - time.perf_counter())
            if got is None:
                break
            seen += got[3]
            if MARKER in seen:
                return got[1] - self.started
        raise SystemExit(f"no first frame within 10 s: {seen[-200:]!r}")

    def drain(self, seconds):
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.burst(max(0.0, end - time.perf_counter()))

    def key(self, data):
        """(when it was sent, seconds to the first byte, seconds to the last byte, bytes, the bytes)
        of the update `data` makes."""
        sent = time.perf_counter()
        os.write(self.fd, data)
        got = self.burst(KEY_TIMEOUT)
        if got is None:
            raise SystemExit(f"no update within {KEY_TIMEOUT:g} s of key {data!r}")
        return sent, got[0] - sent, got[1] - sent, got[2], got[3]

    def wait_for(self, marker, timeout):
        """Reads until `marker` has been shown; the time it arrived, or None."""
        seen = b""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            got = self.burst(deadline - time.perf_counter())
            if got is None:
                return None
            seen += got[3]
            if marker in seen:
                self.drain(0.05)
                return got[0]
        return None

    def memory(self):
        fields = {}
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith(("VmRSS", "RssAnon", "RssFile")):
                    fields[line.split(":")[0]] = int(line.split()[1]) / 1024
        return fields

    def stat_fields(self):
        """The fields of /proc/PID/stat after the command name: [0] is the state (field 3)."""
        with open(f"/proc/{self.pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()

    def cpu_ticks(self):
        fields = self.stat_fields()
        return int(fields[11]) + int(fields[12])

    def major_faults(self):
        """Page faults so far that had to read from disk (a page of the program or of a library
        that was not in the page cache)."""
        return int(self.stat_fields()[9])

    def kill(self):
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)

    def stop(self):
        os.kill(self.pid, signal.SIGINT)
        deadline = time.perf_counter() + 2
        while time.perf_counter() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self.drain(0.02)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        return None


def measure(argv, env, cycles, is_checkout, idle=0):
    session = Session(argv, env)
    result = {"first frame": session.first_frame(), "first": [], "last": [], "digit bytes": [], "chooser": []}
    result["major faults"] = session.major_faults()
    session.drain(0.3)
    for _ in range(cycles):
        for index, digit in enumerate(CARD):
            sent, first, last, count, data = session.key(digit.encode())
            result["first"].append(first)
            result["last"].append(last)
            result["digit bytes"].append(count)
            if index == 7:
                if is_checkout:
                    # The first time, the answer comes after the debounce; after that the engine
                    # has it cached and the chooser comes with the key's own update.
                    shown = sent + first if CHOOSER in data else session.wait_for(CHOOSER, 3.0)
                    if shown is None:
                        raise SystemExit("the network chooser did not appear within 3 s of the 8th digit")
                    result["chooser"].append(shown - sent)
                session.drain(max(0.0, 0.3 - (time.perf_counter() - sent)))
        for _ in CARD:
            _, first, last, _, _ = session.key(b"\x7f")
            result["first"].append(first)
            result["last"].append(last)
    result.update(session.memory())
    if idle:
        session.drain(1.0)
        before = session.cpu_ticks()
        session.drain(idle)
        result["idle ticks"] = session.cpu_ticks() - before
    result["exit"] = session.stop()
    # Two more starts, 0.3 s apart, each ended once its first frame is up; the second is timed: its
    # first frame with the pages a start reads in the page cache, which this machine pages out of
    # files on its own a few seconds after they were read (Docs/figures.md).
    for _ in range(2):
        time.sleep(0.3)
        again = Session(argv, env)
        result["cached first frame"], result["cached major faults"] = again.first_frame(), again.major_faults()
        again.kill()
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cycles", type=int, default=16)
    parser.add_argument("--program", action="append", default=[], help="NAME=BINARY: another checkout build, measured too")
    parser.add_argument("--idle", type=float, default=0)
    parser.add_argument("--details", action="store_true", help="also bytes per digit, last-byte latency, idle CPU, exit code")
    parser.add_argument("--size", default="80x24", help="COLUMNSxROWS of the terminal")
    args = parser.parse_args()
    SIZE["columns"], SIZE["rows"] = (int(n) for n in args.size.split("x"))
    size = f"{SIZE['columns']}x{SIZE['rows']}"
    dialog = subprocess_which("dialog")
    data_dir = tempfile.mkdtemp(prefix="bench-tui-")
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    programs = [("checkout", args.checkout)] + [tuple(p.split("=", 1)) for p in args.program]
    commands = [(name, [os.path.abspath(binary), "pay", "--data-dir", data_dir], True) for name, binary in programs]
    commands.append(("dialog", [dialog, "--inputbox", "Card number", "8", "40"], False))
    results = {name: [] for name, _, _ in commands}
    for _ in range(args.runs):
        for name, argv, is_checkout in commands:
            results[name].append(measure(argv, env, args.cycles, is_checkout, args.idle if name == "checkout" else 0))

    def per_run(name, key, fn=lambda v: v):
        return [fn(r[key]) for r in results[name]]

    d = "dialog"
    keys = len(results[d][0]["first"])
    for name, _, _ in commands[:-1]:
        label = "" if name == "checkout" else f"  {name}: "
        # The major faults say how much of the time was the disk's: this machine pages out a file's
        # pages soon after they were read (Docs/figures.md), which a 28 MB binary feels and the C
        # library every process uses does not.
        for which, title in (("", f"start → first frame, {size} (and page faults by then that read from disk)"),
                             ("cached ", f"start → first frame, started 0.3 s after a start (its pages in the page cache), {size}")):
            frame, d_frame = per_run(name, which + "first frame"), per_run(d, which + "first frame")
            faults, d_faults = per_run(name, which + "major faults"), per_run(d, which + "major faults")
            row(f"{label}{title}", f"`dialog --inputbox`: {summary(d_frame, 1, 'ms', 1000)} ({summary(d_faults, 0)})",
                f"`checkout pay`: {summary(frame, 1, 'ms', 1000)} ({summary(faults, 0)})", ratio(median(frame), median(d_frame)))
        for fraction, title in ((0.5, "p50"), (0.99, "p99")):
            ours = per_run(name, "first", lambda v: percentile(v, fraction))
            theirs = per_run(d, "first", lambda v: percentile(v, fraction))
            row(f"{label}keystroke → first byte {title}, {size}, {keys} keys a run (digits of a co-badged card, BIN lookup, chooser, backspaces)",
                f"dialog: {summary(theirs, 3, 'ms', 1000)}", f"{summary(ours, 3, 'ms', 1000)}", ratio(median(ours), median(theirs)))
        rss, d_rss = per_run(name, "VmRSS"), per_run(d, "VmRSS")
        anon, files = per_run(name, "RssAnon"), per_run(name, "RssFile")
        row(f"{label}resident memory of the terminal UI after the keys, {size}", f"dialog: {summary(d_rss, 1, 'MB')}",
            f"{summary(rss, 1, 'MB')} ({summary(anon, 1)} anonymous, {summary(files, 1)} file-backed)", ratio(median(rss), median(d_rss), 1))
        if args.details:
            for fraction, title in ((0.5, "p50"), (0.99, "p99")):
                ours = per_run(name, "last", lambda v: percentile(v, fraction))
                theirs = per_run(d, "last", lambda v: percentile(v, fraction))
                row(f"{label}keystroke → last byte of the update {title}, {size}", f"dialog: {summary(theirs, 3, 'ms', 1000)}",
                    f"{summary(ours, 3, 'ms', 1000)}", ratio(median(ours), median(theirs)))
            first_chooser = [r["chooser"][0] for r in results[name]]
            cached = [median(r["chooser"][1:]) for r in results[name] if len(r["chooser"]) > 1]
            row(f"{label}8th digit → chooser on screen, first time (200 ms debounce, embedded BIN table) / BIN answered before",
                "—", f"{summary(first_chooser, 1, 'ms', 1000)} / {summary(cached, 2, 'ms', 1000) if cached else '—'}", "")
            digit_bytes = per_run(name, "digit bytes", median)
            d_bytes = per_run(d, "digit bytes", median)
            row(f"{label}bytes written per digit typed, {size} (median; max)", f"dialog: {summary(d_bytes, 0)}",
                f"{summary(digit_bytes, 0)}; max {max(max(r['digit bytes']) for r in results[name])}", "")
            # A negative status is a death by that signal, which a shell shows as 128 + the signal.
            exits = sorted({128 - r["exit"] if r["exit"] is not None and r["exit"] < 0 else r["exit"] for r in results[name]}, key=str)
            row(f"{label}exit status after SIGINT, as a shell shows it", "—", ", ".join(map(str, exits)), "130 expected")
            if name == "checkout" and args.idle:
                hz = os.sysconf("SC_CLK_TCK")
                ticks = per_run(name, "idle ticks")
                row(f"CPU while idle for {args.idle:.0f} s", "—", f"{summary(ticks, 0)} ticks of {1000 / hz:.0f} ms", "0 expected")


def subprocess_which(name):
    for directory in os.environ.get("PATH", "/usr/bin").split(":"):
        path = os.path.join(directory, name)
        if os.access(path, os.X_OK):
            return path
    raise SystemExit(f"{name} is not installed (apt-get install {name})")


if __name__ == "__main__":
    main()
