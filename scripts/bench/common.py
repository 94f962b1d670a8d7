"""What the bench helpers share: summaries, table rows, timed runs. See scripts/bench-compare.sh."""
import os
import statistics
import subprocess
import tempfile
import time

TIME = "/usr/bin/time"


def median(values):
    return statistics.median(values)


def summary(values, digits=2, unit="", scale=1.0):
    """'median [min-max] unit' of `values` (each multiplied by `scale`)."""
    values = sorted(v * scale for v in values)
    text = f"{statistics.median(values):.{digits}f} [{values[0]:.{digits}f}-{values[-1]:.{digits}f}]"
    return f"{text} {unit}".rstrip()


def ratio(ours, anchor, digits=2):
    """'N.NNx' for ours / anchor, or '-' when the anchor is zero."""
    return f"{ours / anchor:.{digits}f}x" if anchor else "-"


def row(what, anchor, ours, ratio_text):
    print(f"| {what} | {anchor} | {ours} | {ratio_text} |", flush=True)


def percentile(values, fraction):
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(round(fraction * len(ordered) + 0.5)) - 1))
    return ordered[index]


def timed(argv, stdin_path=None, head_one=False, env=None):
    """Runs argv under GNU time: (wall seconds, CPU seconds, peak RSS in MB).

    Wall time is taken here (GNU time's has 10 ms steps). With head_one only the first line is read
    and the pipe closed, as `| head -1` does; otherwise the output goes to /dev/null."""
    with tempfile.NamedTemporaryFile("r", prefix="bench-time-") as report:
        timed_argv = [TIME, "-f", "%e %U %S %M", "-o", report.name] + argv
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        start = time.perf_counter()
        if head_one:
            proc = subprocess.Popen(timed_argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
            proc.stdout.readline()
            proc.stdout.close()
        else:
            proc = subprocess.Popen(timed_argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        proc.wait()
        wall = time.perf_counter() - start
        if stdin_path:
            stdin.close()
        fields = report.read().split()[-4:]  # after "Command terminated by signal 13" when the reader left
    return wall, float(fields[1]) + float(fields[2]), float(fields[3]) / 1024


def spawn_wall(argv, env=None):
    """posix_spawn and wait, output to /dev/null: wall seconds (for start-up times of a few ms)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env if env is not None else os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
    os.waitpid(pid, 0)
    wall = time.perf_counter() - start
    os.close(devnull)
    return wall


def load():
    return f"load {os.getloadavg()[0]:.1f}"
