"""What the loopback servers of the tests share (stub_bin_server.py, fake_primer_api.py): a threaded
HTTP server that keeps quiet about clients leaving mid-answer, an end after a lifetime or with the
process that started it, and a log of whole lines.

Imported from the scripts' own folder, which Python puts first on the module path of a script.
"""

import os
import threading
import time
from http.server import ThreadingHTTPServer


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that leaves mid-answer is what the hostile routes are for: no traceback.
        pass


def end_with_parent(lifetime):
    """Ends the process after `lifetime` seconds (never when 0), or once the process that started it is gone."""
    def watch():
        parent = os.getppid()
        end = time.monotonic() + lifetime if lifetime > 0 else None
        while (end is None or time.monotonic() < end) and os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


class Log:
    """Lines appended to the file at `path` (none without one), each whole, flushed at once."""

    def __init__(self, path=None):
        self.file = open(path, "a") if path else None
        self.lock = threading.Lock()

    def write(self, line):
        if self.file is None:
            return
        with self.lock:
            self.file.write(line + "\n")
            self.file.flush()
