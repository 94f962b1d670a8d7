#!/usr/bin/env python3
"""A loopback fake of Primer's client-side API, for tests and demos: configuration, BIN data (current
and legacy endpoints), tokenization and payments, answering in the shapes of research/primer-sdk.md
§4-§5 and checking every request against them.

Usage:
  fake_primer_api.py [--port N] [--log FILE] [--lifetime SECONDS]
      Serves on 127.0.0.1 only (port N, default any free one). Prints the port on stdout once
      listening, and how to get a client token on stderr when that is a terminal. Ends by itself after --lifetime seconds
      (default 300; 0 means never) and when its parent dies.
  fake_primer_api.py --make-token --port N [--access-token NAME] [--expires-in SECONDS]
      Prints a client token for the fake on port N and exits. Its signature is a placeholder: nobody
      checks it here, and checkout does not either.

With --log, appends one JSON object per request: {"method","path","problems":[...],"headers":{...},
"fields":{...}}. "problems" lists every way the request differs from what the SDK sends (an empty
list is a conforming request). "fields" summarises a body in strings, without the card number or CVV:
for a tokenization, its keys, preferredNetwork, expirationMonth/Year, the number's length and last
four, whether a cardholderName was sent (yes/no); for a payment, its paymentMethodToken and whether an
X-Idempotency-Key came with it (yes/no).

The access token (accessToken in the client token, the Primer-Client-Token header) picks the
configuration:
  fake-ok            binDataUrl /bin, pciUrl /pci, coreUrl /core; CB, Visa (+0.30), Mastercard, Amex
  fake-legacy        the same, binDataUrl /legacy-bin: a BIN service with only the /networks endpoint
  fake-no-pci        no pciUrl: the client token's own (/jwt-pci) must be used
  fake-no-bin        no binDataUrl
  fake-no-card       paymentMethods without PAYMENT_CARD
  fake-config-503    the configuration answers 503 with Primer's error body
  fake-config-slow   the configuration answers after 10 s
  fake-config-302    the configuration answers with a redirect
  anything else      401 with Primer's error body (as for a revoked or foreign token)

BIN data: GET /bin/v1/bin-data/{bin} answers {"firstDigits","binData":[...]}: 40000025 Cartes
Bancaires + Visa, 40000000 and 41111111 Visa, 55555555 Mastercard, anything else an empty list.
GET /legacy-bin/v1/bin-data/{bin} is 404 and /legacy-bin/v1/bin-data/{bin}/networks answers
{"networks":[{"displayName","value"}]} for the same BINs.

Payments: POST {pci}/payment-instruments answers a token naming the card's scenario, then
POST {pci}/payments answers by that scenario (every other card is authorized):
  4000000000000002   status DECLINED
  4000000000003113   status FAILED, paymentFailureReason payment-failed
  4000000000003220   PENDING with requiredAction 3DS_AUTHENTICATION (its clientToken's intent too)
  4000000000003063   PENDING with requiredAction PROCESSOR_3DS
  4000000000003188   PENDING with requiredAction CHECKOUT, intent HOSTED_CARD_REDIRECTION
  4000000000009904   PENDING and no required action
  4000000000005001   the tokenization answers 500
  4000000000006009   the payment answers after 10 s
  4000000000007007   the payment answer has no id
An authorized payment's amount is the session's 4999 plus the paid network's surcharge (Visa 30),
the network being preferredNetwork, else the first of the card's networks in the session's order.
"""
import argparse
import base64
import itertools
import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler

# The shared module is not cached beside the sources, where SwiftPM would find a file it does not know.
sys.dont_write_bytecode = True
import loopback  # noqa: E402

API_VERSION = "2.4"
SDK_CLIENTS = {"IOS_NATIVE", "RN_IOS"}
ALLOWED = ["CARTES_BANCAIRES", "VISA", "MASTERCARD", "AMEX"]
SURCHARGES = {"VISA": 30}
AMOUNT = 4999
NETWORK_IDS = {"VISA", "MASTERCARD", "AMEX", "DISCOVER", "DINERS_CLUB", "JCB", "UNIONPAY", "MAESTRO", "MIR", "ELO",
               "HIPER", "HIPERCARD", "CARTES_BANCAIRES", "DANKORT", "BANCONTACT", "EFTPOS", "INTERAC", "TROY",
               "RUPAY", "VERVE", "UATP", "NARANJA", "FORBRUGSFORENINGEN"}
BINS = {
    "40000025": [("CARTES_BANCAIRES", "Cartes Bancaires", {"issuerCountryCode": "FR"}),
                 ("VISA", "Visa", {"issuerCountryCode": "FR", "accountFundingType": "CREDIT"})],
    "40000000": [("VISA", "Visa", {"issuerCountryCode": "US"})],
    "41111111": [("VISA", "Visa", {"issuerCountryCode": "US"})],
    "55555555": [("MASTERCARD", "Mastercard", {"issuerCountryCode": "US"})],
}
SCENARIOS = {
    "4000000000000002": "declined",
    "4000000000003113": "failed",
    "4000000000003220": "3ds",
    "4000000000003063": "processor-3ds",
    "4000000000003188": "redirect",
    "4000000000009904": "pending",
    "4000000000005001": "tokenize-500",
    "4000000000006009": "slow-payment",
    "4000000000007007": "no-id",
}
ACCESS_TOKENS = {"fake-ok", "fake-legacy", "fake-no-pci", "fake-no-bin", "fake-no-card",
                 "fake-config-503", "fake-config-slow", "fake-config-302"}
INSTRUMENT_KEYS = {"number", "cvv", "expirationMonth", "expirationYear", "cardholderName", "preferredNetwork"}

LOG = loopback.Log()
TOKENS = {}  # payment method token -> (scenario, network)
TOKENS_LOCK = threading.Lock()
COUNTER = itertools.count(1)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt(payload):
    header = {"alg": "RS256", "typ": "JWT"}
    return ".".join([b64url(json.dumps(header).encode()), b64url(json.dumps(payload).encode()), b64url(b"not-a-signature")])


def client_token(base, access_token, expires_in):
    return jwt({
        "accessToken": access_token,
        "analyticsUrlV2": base + "/analytics",
        "configurationUrl": base + "/client-sdk/configuration",
        "coreUrl": base + "/core",
        "pciUrl": base + "/jwt-pci",
        "env": "SANDBOX",
        "intent": "CHECKOUT",
        "paymentFlow": "DEFAULT",
        "exp": int(time.time()) + expires_in,
    })


def error_body(error_id, description, diagnostics):
    return json.dumps({"error": {"errorId": error_id, "description": description, "diagnosticsId": diagnostics,
                                 "validationErrors": []}})


def configuration(base, access_token):
    config = {
        "coreUrl": base + "/core",
        "pciUrl": base + "/pci",
        "binDataUrl": base + ("/legacy-bin" if access_token == "fake-legacy" else "/bin"),
        "assetsUrl": base + "/assets",
        "env": "SANDBOX",
        "primerAccountId": "acc_fake",
        "clientSession": {
            "clientSessionId": "cs_fake",
            "order": {"orderId": "order-1", "currencyCode": "EUR", "merchantAmount": AMOUNT, "totalOrderAmount": AMOUNT,
                      "countryCode": "FR", "lineItems": [{"itemId": "ticket", "amount": AMOUNT, "quantity": 1}]},
            "customer": {"emailAddress": "jane@example.com"},
            "paymentMethod": {
                "vaultOnSuccess": False,
                "orderedAllowedCardNetworks": ALLOWED,
                "options": [{"type": "PAYMENT_CARD", "networks": [{"type": n, "surcharge": s} for n, s in SURCHARGES.items()]}],
            },
        },
        "paymentMethods": [{"id": "pm_card", "type": "PAYMENT_CARD", "name": "Payment Card", "processorConfigId": "proc_1",
                            "options": {"threeDSecureEnabled": True}}],
        "checkoutModules": [{"type": "CARD_INFORMATION", "options": {"cardHolderName": True}}],
        "keys": {"threeDSecureToken": "fake", "netceteraApiKey": "fake"},
    }
    if access_token == "fake-no-pci":
        del config["pciUrl"]
    if access_token == "fake-no-bin":
        del config["binDataUrl"]
    if access_token == "fake-no-card":
        config["paymentMethods"] = [{"id": "pm_paypal", "type": "PAYPAL", "name": "PayPal"}]
    return config


def log(entry):
    LOG.write(json.dumps(entry))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def base(self):
        return "http://127.0.0.1:%d" % self.server.server_address[1]

    def send(self, status, body, headers=()):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.handle_request()

    def do_POST(self):
        self.handle_request()

    def handle_request(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        path = self.path.split("?")[0]
        problems = []
        fields = {}
        access = self.headers.get("Primer-Client-Token")
        self.check_headers(problems, raw)
        try:
            answer = self.route(path, raw, problems, fields, access)
        finally:
            headers = {name: value for name, value in self.headers.items()}
            log({"method": self.command, "path": self.path, "problems": problems, "headers": headers, "fields": fields})
        if answer is not None:
            self.send(*answer)

    def check_headers(self, problems, raw):
        h = self.headers
        if h.get("Primer-Client-Token") is None:
            problems.append("no Primer-Client-Token")
        if h.get("X-Api-Version") != API_VERSION:
            problems.append("X-Api-Version is %r, not %s" % (h.get("X-Api-Version"), API_VERSION))
        if not re.fullmatch(r"\d+\.\d+\.\d+", h.get("Primer-SDK-Version") or ""):
            problems.append("Primer-SDK-Version is %r, not a version" % h.get("Primer-SDK-Version"))
        if h.get("Primer-SDK-Client") not in SDK_CLIENTS:
            problems.append("Primer-SDK-Client is %r" % h.get("Primer-SDK-Client"))
        for secret in ("Authorization", "X-Api-Key"):
            if h.get(secret) is not None:
                problems.append("%s sent: a client never sends server credentials" % secret)
        if self.command == "GET":
            if h.get("Content-Type") is not None:
                problems.append("Content-Type on a GET")
            if raw:
                problems.append("a body on a GET")
        elif self.command == "POST":
            if (h.get("Content-Type") or "").split(";")[0].strip() != "application/json":
                problems.append("Content-Type is %r, not application/json" % h.get("Content-Type"))
        else:
            problems.append("method %s" % self.command)

    def route(self, path, raw, problems, fields, access):
        parts = path.strip("/").split("/")
        if path == "/client-sdk/configuration":
            return self.configuration(problems, access)
        if access not in ACCESS_TOKENS:
            return 401, error_body("InvalidClientToken", "The client token is not valid.", "diag-401")
        if parts[0] in ("bin", "legacy-bin") and len(parts) >= 4 and parts[1:3] == ["v1", "bin-data"]:
            return self.bin_data(parts, problems)
        if parts[0] in ("pci", "jwt-pci") and parts[1:] == ["payment-instruments"]:
            return self.tokenize(raw, problems, fields)
        if parts[0] in ("pci", "jwt-pci") and parts[1:] == ["payments"]:
            return self.payment(raw, problems, fields)
        problems.append("no such endpoint")
        return 404, error_body("NotFound", "No such endpoint.", "diag-404")

    def configuration(self, problems, access):
        if self.command != "GET":
            problems.append("the configuration is fetched with GET")
        if access == "fake-config-503":
            return 503, error_body("ServiceUnavailable", "Try again later.", "diag-503")
        if access == "fake-config-slow":
            time.sleep(10)
        if access == "fake-config-302":
            return 302, "{}", [("Location", "/client-sdk/configuration")]
        if access not in ACCESS_TOKENS:
            return 401, error_body("InvalidClientToken", "The client token is not valid.", "diag-401")
        return 200, json.dumps(configuration(self.base(), access))

    def bin_data(self, parts, problems):
        if self.command != "GET":
            problems.append("BIN data is fetched with GET")
        bin_ = parts[3]
        if not re.fullmatch(r"\d{8}", bin_):
            problems.append("the BIN is %r, not 8 digits" % bin_)
        legacy = len(parts) == 5 and parts[4] == "networks"
        if len(parts) > (5 if legacy else 4):
            problems.append("no such BIN endpoint")
            return 404, "{}"
        items = BINS.get(bin_, [])
        if parts[0] == "legacy-bin":
            if not legacy:
                return 404, error_body("NotFound", "No such endpoint.", "diag-404")
            return 200, json.dumps({"networks": [{"displayName": name, "value": network} for network, name, _ in items]})
        if legacy:
            problems.append("the legacy endpoint asked of a service with the current one")
            return 404, "{}"
        data = []
        for network, name, issuer in items:
            item = {"displayName": name, "network": network}
            item.update(issuer)
            data.append(item)
        return 200, json.dumps({"firstDigits": bin_, "binData": data})

    def tokenize(self, raw, problems, fields):
        try:
            body = json.loads(raw)
        except ValueError:
            problems.append("the tokenization body is not JSON")
            return 400, error_body("InvalidRequestBody", "Not JSON.", "diag-400")
        if not isinstance(body, dict) or set(body) != {"paymentInstrument"}:
            problems.append("the tokenization body's keys are %r, not paymentInstrument alone" % (sorted(body) if isinstance(body, dict) else body))
        instrument = body.get("paymentInstrument") if isinstance(body, dict) else None
        if not isinstance(instrument, dict):
            problems.append("no paymentInstrument object")
            return 400, error_body("InvalidRequestBody", "No paymentInstrument.", "diag-400")
        number = instrument.get("number")
        fields["keys"] = sorted(instrument)
        fields["numberLength"] = str(len(number)) if isinstance(number, str) else None
        fields["last4"] = number[-4:] if isinstance(number, str) else None
        for key in ("expirationMonth", "expirationYear", "preferredNetwork"):
            if key in instrument:
                fields[key] = instrument[key]
        fields["cardholderName"] = "yes" if "cardholderName" in instrument else "no"
        for key in sorted(set(instrument) - INSTRUMENT_KEYS):
            problems.append("unexpected paymentInstrument key %s" % key)
        for key in ("number", "cvv", "expirationMonth", "expirationYear"):
            if not isinstance(instrument.get(key), str):
                problems.append("%s is missing or not a string" % key)
        if isinstance(number, str) and not re.fullmatch(r"[0-9]{12,19}", number):
            problems.append("number is not 12-19 ASCII digits")
        if isinstance(instrument.get("cvv"), str) and not re.fullmatch(r"[0-9]{3,4}", instrument["cvv"]):
            problems.append("cvv is not 3-4 ASCII digits")
        if isinstance(instrument.get("expirationMonth"), str) and not re.fullmatch(r"0[1-9]|1[0-2]", instrument["expirationMonth"]):
            problems.append("expirationMonth is not MM")
        if isinstance(instrument.get("expirationYear"), str) and not re.fullmatch(r"20[0-9]{2}", instrument["expirationYear"]):
            problems.append("expirationYear is not four digits")
        if "cardholderName" in instrument and not isinstance(instrument["cardholderName"], str):
            problems.append("cardholderName is not a string")
        preferred = instrument.get("preferredNetwork")
        if "preferredNetwork" in instrument:
            if preferred not in NETWORK_IDS:
                problems.append("preferredNetwork %r is not a network id" % preferred)
            elif preferred == "EFTPOS":
                problems.append("preferredNetwork EFTPOS: eftpos does not allow user selection")
        if not isinstance(number, str) or problems:
            return 400, error_body("InvalidRequestBody", "The payment instrument is not valid.", "diag-400")
        scenario = SCENARIOS.get(number, "authorized")
        if scenario == "tokenize-500":
            return 500, error_body("InternalServerError", "Something went wrong.", "diag-500")
        networks = [n for n, _, _ in BINS.get(number[:8], [])]
        network = preferred or next((n for n in ALLOWED if n in networks), networks[0] if networks else "OTHER")
        with TOKENS_LOCK:
            token = "tok_%s_%d" % (scenario, next(COUNTER))
            TOKENS[token] = (scenario, network)
        answer = {
            "token": token, "analyticsId": "an_" + token, "tokenType": "SINGLE_USE",
            "paymentInstrumentType": "PAYMENT_CARD",
            "paymentInstrumentData": {"first6Digits": number[:6], "last4Digits": number[-4:],
                                      "expirationMonth": instrument["expirationMonth"],
                                      "expirationYear": instrument["expirationYear"],
                                      "cardholderName": instrument.get("cardholderName"),
                                      "network": network, "isNetworkTokenized": False,
                                      "binData": {"network": network}},
            "threeDSecureAuthentication": {"responseCode": "NOT_PERFORMED"}, "isVaulted": False,
        }
        return 200, json.dumps(answer)

    def payment(self, raw, problems, fields):
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if not isinstance(body, dict) or set(body) != {"paymentMethodToken"}:
            problems.append("the payment body is not {paymentMethodToken} alone")
            return 400, error_body("InvalidRequestBody", "Expected paymentMethodToken.", "diag-400")
        token = body["paymentMethodToken"]
        fields["paymentMethodToken"] = token
        fields["idempotencyKey"] = "yes" if self.headers.get("X-Idempotency-Key") else "no"
        with TOKENS_LOCK:
            known = TOKENS.pop(token, None)
        if known is None:
            problems.append("an unknown or reused paymentMethodToken")
            return 400, error_body("InvalidPaymentMethodToken", "Unknown token.", "diag-400")
        scenario, network = known
        payment_id = "pay_%s_%s" % (scenario.replace("-", "_"), token.rsplit("_", 1)[1])
        answer = {"id": payment_id, "date": "2026-08-20T10:00:00.000000", "amount": AMOUNT + SURCHARGES.get(network, 0),
                  "currencyCode": "EUR", "customerId": "cust-1", "orderId": "order-1", "status": "SUCCESS"}
        if scenario == "slow-payment":
            time.sleep(10)
        if scenario == "declined":
            answer["status"] = "DECLINED"
        elif scenario == "failed":
            answer.update(status="FAILED", paymentFailureReason="payment-failed")
        elif scenario in ("3ds", "processor-3ds", "redirect"):
            name, intent = {"3ds": ("3DS_AUTHENTICATION", "3DS_AUTHENTICATION"), "processor-3ds": ("PROCESSOR_3DS", "PROCESSOR_3DS"),
                            "redirect": ("CHECKOUT", "HOSTED_CARD_REDIRECTION")}[scenario]
            action_token = jwt({"accessToken": "fake-action", "intent": intent, "exp": int(time.time()) + 900,
                                "redirectUrl": self.base() + "/redirect", "statusUrl": self.base() + "/status"})
            answer.update(status="PENDING", requiredAction={"name": name, "description": "Authenticate the cardholder",
                                                            "clientToken": action_token})
        elif scenario == "pending":
            answer["status"] = "PENDING"
        elif scenario == "no-id":
            del answer["id"]
        return 200, json.dumps(answer)


def main():
    global LOG
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log")
    parser.add_argument("--lifetime", type=float, default=300)
    parser.add_argument("--make-token", action="store_true")
    parser.add_argument("--access-token", default="fake-ok")
    parser.add_argument("--expires-in", type=int, default=3600)
    options = parser.parse_args()
    if options.make_token:
        if not options.port:
            parser.error("--make-token needs the --port of a running fake")
        print(client_token("http://127.0.0.1:%d" % options.port, options.access_token, options.expires_in))
        return 0
    loopback.end_with_parent(options.lifetime)
    LOG = loopback.Log(options.log)
    server = loopback.Server(("127.0.0.1", options.port), Handler)
    port = server.server_address[1]
    print(port, flush=True)
    if sys.stderr.isatty():
        print("fake Primer API on http://127.0.0.1:%d; a client token: %s --make-token --port %d"
              % (port, sys.argv[0], port), file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
