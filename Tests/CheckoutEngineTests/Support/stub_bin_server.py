#!/usr/bin/env python3
"""A BIN data service for tests, on loopback, with faults scripted by BIN and hostile answers by path.

Usage: stub_bin_server.py [--log FILE] [--lifetime SECONDS]

Listens on 127.0.0.1 only. Prints "PORT CLOSED_PORT" on stdout once listening (CLOSED_PORT had a
listener that is now closed, so connecting to it is refused). With --log, appends one line per
request, "CLOCK_MONOTONIC_NS METHOD PATH", and "CLOCK_MONOTONIC_NS gone PATH" when a client leaves
in the middle of a streamed answer. The server ends by itself after --lifetime seconds (default
3600: a test of the whole suite on two busy cores has taken 557 s), and when its parent dies.

GET [/PREFIX]/v1/bin-data/{bin}, where PREFIX is none of the hostile names below (a service
mounted under a path):
  40000025  co-badged Cartes Bancaires + Visa, at once
  11111111  the same kind of answer after 60 s (far slower than any timeout the tests use)
  22222222  HTTP 503
  33333333  a body that is not JSON
  44444444  an empty binData list
  55555555  headers and half a body, then nothing more (the response never ends)
  66666666  items with no or unknown networks, and one Mastercard
  77777777  200 with an HTML page
  88888888  binData an object, not an array
  12121212  firstDigits of another BIN (51000000)
  13131313  a valid answer padded to 10 MB
  14141414  arrays nested 100,000 deep
  15151515  firstDigits "151515" (6 digits answering for 8), co-badged
  16161616  only networks nobody knows
  anything else: 404

GET /HOSTILE/v1/bin-data/{bin}: a hostile service, whatever the BIN. Where an answer carries data it
says American Express, so that a client that accepted it would show the wrong network:
  honest             a well-formed AMEX answer for the BIN asked (the control: accepting it is right)
  endless-body       200 with no length, streaming bytes as fast as it can until the client leaves
  huge-length        200 with Content-Length 2 GiB, streaming as fast as it can
  gzip-bomb          200, Content-Encoding gzip: 2.1 MB of gzip that inflates to 2 GiB of zeros
  endless-chunked    200, chunked, chunks without end
  drip               200 with a length, then one byte every 50 ms (for 30 s at most)
  redirect-loop      302 to itself
  redirect-away      302 to http://localhost:PORT/honest/… (another host name)
  no-first-digits    the AMEX answer without firstDigits (believed: it names no other digits)
  empty-first-digits firstDigits ""
  short-first-digits firstDigits "4"
  other-first-digits firstDigits of another card's BIN (37828224)

For the HTTP client's own tests:
  GET  /status/N             status N with body "status N"
  ANY  /echo                 200 with JSON {"method","path","headers":[[name,value],…],"body"} of the
                             request, and an X-Stub: echo header
  GET  /bytes/N              N bytes with a Content-Length
  GET  /chunked-bytes/N      N bytes, chunked
  GET  /endless-headers      200 and header lines without end
  GET  /redirect             302 to /echo
  GET  /gzip                 a small gzip body with Content-Encoding gzip
"""
import argparse
import gzip
import json
import socket
import sys
import time
import zlib
from http.server import BaseHTTPRequestHandler

# The shared module is not cached beside the sources, where SwiftPM would find a file it does not know.
sys.dont_write_bytecode = True
import loopback  # noqa: E402

CO_BADGED = [
    {"network": "CARTES_BANCAIRES", "displayName": "Cartes Bancaires", "issuerCountryCode": "FR"},
    {"network": "VISA", "displayName": "Visa", "issuerCountryCode": "FR", "accountFundingType": "CREDIT"},
]
AMEX = [{"network": "AMEX", "displayName": "American Express", "issuerCountryCode": "US"}]
STREAM_LIMIT_SECONDS = 30
BLOCK = b"0" * 65536

LOG = loopback.Log()


def log(*words):
    LOG.write(" ".join([str(time.monotonic_ns())] + list(words)))


class GzipBomb:
    """2 GiB of zeros as one gzip member, built from one compressed MiB repeated (each MiB ends with
    a full flush, so every MiB compresses to the same bytes)."""

    # CRC-32 of 2 GiB of zero bytes (zlib.crc32 over them; a constant, so start-up stays instant).
    CRC = 0x4DBDF21C

    def __init__(self):
        mib = b"\0" * (1 << 20)
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
        self.block = compressor.compress(mib) + compressor.flush(zlib.Z_FULL_FLUSH)
        self.count = 2048
        self.head = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
        self.tail = compressor.flush(zlib.Z_FINISH) + self.CRC.to_bytes(4, "little") + ((self.count << 20) % (1 << 32)).to_bytes(4, "little")
        self.length = len(self.head) + len(self.block) * self.count + len(self.tail)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", headers=()):
        data = body if isinstance(body, bytes) else body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def stream(self, blocks):
        """Writes blocks until the client leaves or the time limit passes."""
        end = time.monotonic() + STREAM_LIMIT_SECONDS
        try:
            for block in blocks:
                if time.monotonic() > end:
                    break
                self.wfile.write(block)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            log("gone", self.path)
        self.close_connection = True

    def forever(self, block):
        while True:
            yield block

    def do_POST(self):
        self.do_GET()

    def do_GET(self):
        log(self.command, self.path)
        parts = self.path.strip("/").split("/")
        if parts[0] in CLIENT_ROUTES:
            return CLIENT_ROUTES[parts[0]](self, parts[1:])
        if len(parts) < 3 or parts[-3:-1] != ["v1", "bin-data"]:
            return self.send(404, "{}")
        bin_ = parts[-1]
        if len(parts) > 3 and parts[-4] in HOSTILE:
            return HOSTILE[parts[-4]](self, bin_)
        return self.bin_answer(bin_)

    def bin_answer(self, bin_):
        if bin_ == "40000025":
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": CO_BADGED}))
        if bin_ == "11111111":
            time.sleep(60.0)
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": CO_BADGED}))
        if bin_ == "22222222":
            return self.send(503, '{"error":"unavailable"}')
        if bin_ == "33333333":
            return self.send(200, "{not json")
        if bin_ == "44444444":
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": []}))
        if bin_ == "55555555":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"firstDigits":"55555555","binData":[')
            self.wfile.flush()
            time.sleep(30)
            return
        if bin_ == "66666666":
            items = [{"displayName": "no network"}, {"network": "MYSTERY"}, {"network": "MASTERCARD"}]
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": items}))
        if bin_ == "77777777":
            return self.send(200, "<html><body>Service temporarily moved</body></html>", "text/html")
        if bin_ == "88888888":
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": CO_BADGED[0]}))
        if bin_ == "12121212":
            return self.send(200, json.dumps({"firstDigits": "51000000", "binData": CO_BADGED}))
        if bin_ == "13131313":
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": CO_BADGED, "padding": "x" * 10_000_000}))
        if bin_ == "14141414":
            return self.send(200, "[" * 100_000 + "]" * 100_000)
        if bin_ == "15151515":
            return self.send(200, json.dumps({"firstDigits": "151515", "binData": CO_BADGED}))
        if bin_ == "16161616":
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": [{"network": "MYSTERY"}, {"network": 5}]}))
        return self.send(404, "{}")

    # Hostile services.

    def honest(self, bin_):
        self.send(200, json.dumps({"firstDigits": bin_, "binData": AMEX}))

    def endless_body(self, bin_):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        self.end_headers()
        self.stream(self.forever(BLOCK))

    def huge_length(self, bin_):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(2 << 30))
        self.end_headers()
        self.stream(BLOCK for _ in range((2 << 30) // len(BLOCK)))

    def gzip_bomb(self, bin_):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(BOMB.length))
        self.end_headers()
        self.stream([BOMB.head] + [BOMB.block] * BOMB.count + [BOMB.tail])

    def endless_chunked(self, bin_):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.stream(self.forever(b"%x\r\n" % len(BLOCK) + BLOCK + b"\r\n"))

    def drip(self, bin_):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "100000")
        self.end_headers()

        def drops():
            while True:
                yield b" "
                time.sleep(0.05)
        self.stream(drops())

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def redirect_loop(self, bin_):
        self.redirect(self.path)

    def redirect_away(self, bin_):
        self.redirect("http://localhost:%d/honest/v1/bin-data/%s" % (self.server.server_address[1], bin_))

    # The HTTP client's own routes.

    def status(self, args):
        code = int(args[0]) if args and args[0].isdigit() else 400
        self.send(code, "status %d" % code, "text/plain")

    def echo(self, args):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else None
        echo = {"method": self.command, "path": self.path, "headers": list(self.headers.items()), "body": body}
        self.send(200, json.dumps(echo), headers=[("X-Stub", "echo")])

    def bytes_(self, args):
        self.send(200, b"b" * int(args[0]), "application/octet-stream")

    def chunked_bytes(self, args):
        count = int(args[0])
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunks = [b"%x\r\nb\r\n" % 1 for _ in range(count)] + [b"0\r\n\r\n"]
        self.stream([b"".join(chunks)])

    def endless_headers(self, args):
        self.send_response(200)
        self.flush_headers()

        def lines():
            number = 0
            while True:
                number += 1
                yield b"X-Filler-%d: %s\r\n" % (number, b"f" * 100)
        self.stream(lines())

    def redirect_route(self, args):
        self.redirect("/echo")

    def gzip_route(self, args):
        self.send(200, gzip.compress(b'{"hello":"world"}'), headers=[("Content-Encoding", "gzip")])


def amex_with_first_digits(value):
    """A hostile route answering AMEX with this firstDigits (None: without one)."""
    def answer(handler, bin_):
        body = {"binData": AMEX}
        if value is not None:
            body["firstDigits"] = value
        handler.send(200, json.dumps(body))
    return answer


HOSTILE = {
    "honest": Handler.honest,
    "endless-body": Handler.endless_body,
    "huge-length": Handler.huge_length,
    "gzip-bomb": Handler.gzip_bomb,
    "endless-chunked": Handler.endless_chunked,
    "drip": Handler.drip,
    "redirect-loop": Handler.redirect_loop,
    "redirect-away": Handler.redirect_away,
    "no-first-digits": amex_with_first_digits(None),
    "empty-first-digits": amex_with_first_digits(""),
    "short-first-digits": amex_with_first_digits("4"),
    "other-first-digits": amex_with_first_digits("37828224"),
}

CLIENT_ROUTES = {
    "status": Handler.status,
    "echo": Handler.echo,
    "bytes": Handler.bytes_,
    "chunked-bytes": Handler.chunked_bytes,
    "endless-headers": Handler.endless_headers,
    "redirect": Handler.redirect_route,
    "gzip": Handler.gzip_route,
}


def main():
    global LOG, BOMB
    parser = argparse.ArgumentParser()
    parser.add_argument("--log")
    parser.add_argument("--lifetime", type=float, default=3600)
    options = parser.parse_args()
    loopback.end_with_parent(options.lifetime)
    LOG = loopback.Log(options.log)
    BOMB = GzipBomb()
    server = loopback.Server(("127.0.0.1", 0), Handler)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    closed.close()
    print(server.server_address[1], closed_port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
