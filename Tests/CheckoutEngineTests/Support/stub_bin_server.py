#!/usr/bin/env python3
"""A BIN data service for tests, on loopback, with faults scripted by BIN.

Prints "PORT CLOSED_PORT" on stdout once listening (CLOSED_PORT had a listener that is now closed,
so connecting to it is refused). GET /v1/bin-data/{bin}:
  40000025  co-badged Cartes Bancaires + Visa, at once
  11111111  the same kind of answer after 1 s (slower than the tests' timeout)
  22222222  HTTP 503
  33333333  a body that is not JSON
  44444444  an empty binData list
  55555555  headers and half a body, then nothing more (the response never ends)
  66666666  items with no or unknown networks, and one Mastercard
  anything else: 404
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

    def send(self, status, body):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        if len(parts) != 3 or parts[:2] != ["v1", "bin-data"]:
            return self.send(404, "{}")
        bin_ = parts[2]
        if bin_ == "40000025":
            return self.send(200, json.dumps({"firstDigits": bin_, "binData": CO_BADGED}))
        if bin_ == "11111111":
            time.sleep(1.0)
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
