#!/usr/bin/env python3
"""CPU time, context switches and migrations per key (all threads), `checkout pay` or dialog, from
`perf stat -p` attached while tui.py's keys are typed (8 rounds of the co-badged card and 16
backspaces, 256 keys) in a pty at 80x24. Hardware counters are left out: this machine's VM has none.

    key_cpu.py CHECKOUT            key_cpu.py /usr/bin/dialog --inputbox "Card number" 8 40
"""
import sys, os, tempfile, time, subprocess, signal
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui
env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
argv = sys.argv[1:]
dialog = argv[0].endswith('dialog')
s = tui.Session(argv if dialog else [os.path.abspath(argv[0]), "pay", "--data-dir", tempfile.mkdtemp()], env)
s.first_frame(); s.drain(0.5)
out = tempfile.mktemp()
p = subprocess.Popen(["perf", "stat", "-e", "task-clock,context-switches,cpu-migrations,page-faults", "-p", str(s.pid), "-o", out], stderr=subprocess.DEVNULL)
time.sleep(0.5)
n = 0
for cycle in range(8):
    for i, ch in enumerate(tui.CARD):
        s.key(ch.encode()); n += 1
        if i == 7 and not dialog and cycle == 0: s.wait_for(tui.CHOOSER, 3.0); s.drain(0.3)
    for _ in tui.CARD:
        s.key(b"\x7f"); n += 1
time.sleep(0.2)
p.send_signal(signal.SIGINT); p.wait()
s.stop()
print(argv[0], n, "keys")
for line in open(out):
    line = line.strip()
    if line and not line.startswith('#') and any(c.isdigit() for c in line[:3]):
        parts = line.split()
        try:
            v = float(parts[0].replace(',', ''))
            print(f"  {parts[1]:28s} {v/n:12.4f} per key   {' '.join(parts[2:])[:60]}")
        except ValueError:
            print("  ", line[:100])
