#!/usr/bin/env python3
"""A BIN data service for tests, on loopback, with faults scripted by BIN.

Prints "PORT CLOSED_PORT" on stdout once listening (CLOSED_PORT had a listener that is now closed,
so connecting to it is refused). GET /v1/bin-data/{bin}:
  40000025  co-badged Cartes Bancaires + Visa, at once
  11111111  the same kind of answer after 10 s (far slower than any timeout the tests use)
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
  15151515  firstDigits "151515" (a 6-digit BIN answering), co-badged
  16161616  only networks nobody knows
  anything else: 404
Every path may carry a prefix before /v1/bin-data (a service mounted under a path).
"""
import json
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CO_BADGED = [
    {"network": "CARTES_BANCAIRES", "displayName": "Cartes Bancaires", "issuerCountryCode": "FR"},
    {"network": "VISA", "displayName": "Visa", "issuerCountryCode": "FR", "accountFundingType": "CREDIT"},
]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json"):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.strip("/").split("/")[-3:]
        if len(parts) != 3 or parts[:2] != ["v1", "bin-data"]:
            return self.send(404, "{}")
        bin_ = parts[2]
        if bin_ == "40000025":
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": CO_BADGED}))
        if bin_ == "11111111":
            time.sleep(10.0)
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


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    closed.close()
    print(server.server_address[1], closed_port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
