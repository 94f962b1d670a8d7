#!/usr/bin/env python3
"""A loopback fake of Primer's client-side API, for tests and demos, built from Primer's published
shapes rather than from checkout's own understanding: every request shape, header and answer below
names where it comes from. "SDK" is primer-io/primer-sdk-ios 2.51.1 (commit 8895e0f); paths are
relative to that repository. "API reference" and "surcharge guide" are Primer's documentation
(primer.io/docs: the Client Session API pages, and payment-services/surcharge).

Usage:
  fake_primer_api.py [--port N] [--log FILE] [--lifetime SECONDS]
      Serves on 127.0.0.1 only (port N, default any free one). Prints the port on stdout once
      listening, and how to get a client token on stderr when that is a terminal. Ends by itself
      after --lifetime seconds (default 3600; 0 means never) and when its parent dies.
  fake_primer_api.py --make-token --port N [--access-token NAME] [--expires-in SECONDS]
      Prints a client token for the fake on port N and exits. Its signature is a placeholder: nobody
      checks it here, and checkout does not either.

With --log, appends one JSON object per request: {"method","path","query","problems":[...],
"headers":{...},"fields":{...}}. "problems" lists every way the request differs from what the SDK
sends (an empty list is a conforming request): method, path, query, header fields and body are all
checked. "fields" summarises a body in strings, without the card number or CVV: for a tokenization,
its keys, preferredNetwork, expirationMonth/Year, the number's length and last four, whether a
cardholderName was sent (yes/no); for a client-session action, "action" ("SELECT_PAYMENT_METHOD VISA"
or "UNSELECT_PAYMENT_METHOD") and the session's "total" after it; for a payment, its
paymentMethodToken, "idempotencyKey" (the value, or "none") and the "charged" amount.

The client session is Primer's, one per access token (a client token stands for one client session,
API reference "Create a client session"): its order is 4999 EUR in line items, and client-session
actions change it for every later request with that token, the configuration fetch included. A
payment charges the session's amount as it then stands, never an amount of its own: so a checkout
that shows a surcharge it did not select is charged without it, as it would be by Primer.

The access token (accessToken in the client token, the Primer-Client-Token header) picks the
configuration:
  fake-ok              binDataUrl /bin, pciUrl /pci, coreUrl /core; CB, Visa (+0.30), Mastercard, Amex
  fake-no-name         the same, with checkoutModules CARD_INFORMATION cardHolderName false
  fake-no-surcharge    the same without surcharges: the SDK sends no client-session action then
  fake-surcharge-35    the configuration says Visa +0.30, the session applies +0.35 when Visa is selected
  fake-actions-500     the same as fake-ok, but every client-session action answers 500
  fake-no-pci          no pciUrl: the client token's own (/jwt-pci) must be used
  fake-no-bin          no binDataUrl
  fake-no-card         paymentMethods without PAYMENT_CARD
  fake-config-flaky    the configuration answers 429 twice (per server), then as fake-ok
  fake-config-503      the configuration answers 503 with Primer's error body
  fake-config-slow     the configuration answers after 10 s
  fake-config-302      the configuration answers with a redirect
  anything else        401 with Primer's error body (as for a revoked or foreign token)

BIN data, GET /bin/v1/bin-data/{bin} (SDK Sources/PrimerSDK/Classes/PCI/Services/API/PrimerAPI.swift,
listCardNetworks; answer Modules/PrimerNetworking/Sources/PrimerNetworking/Model/APIModels/Bin.swift):
  40000025  Cartes Bancaires + Visa, firstDigits "400000" (6 digits: the SDK's own mocks answer an
            8-digit question with 6, Tests/Utilities/Mocks/Services/MockAPIClient.swift fetchBinData)
  40000033  Cartes Bancaires + Visa, no firstDigits (Bin.swift: firstDigits is optional)
  40000041  Cartes Bancaires + Visa, firstDigits "51000000": an answer contradicting the digits asked
  40000000, 41111111  Visa; 55555555 Mastercard (firstDigits the 8 digits asked)
  anything else: an empty binData list

Payments: POST {pci}/payment-instruments answers a token naming the card's scenario, then
POST {pci}/payments answers by that scenario, with the statuses the client API has (SDK
APIModels/Payment.swift: Status is SUCCESS, PENDING or FAILED; paymentFailureReason is a
PrimerPaymentErrorCode, "payment-failed" or "cancelled-by-customer"):
  4000000000000002   FAILED, paymentFailureReason payment-failed (a decline)
  4000000000003113   FAILED, paymentFailureReason payment-failed, checkoutOutcome CHECKOUT_FAILURE
  4000000000003220   PENDING with requiredAction 3DS_AUTHENTICATION (its clientToken's intent too)
  4000000000003063   PENDING with requiredAction PROCESSOR_3DS
  4000000000003188   PENDING with requiredAction CHECKOUT, intent HOSTED_CARD_REDIRECTION
  4000000000009904   PENDING and no required action
  4000000000005001   the tokenization answers 500
  4000000000006009   the payment answers after 10 s
  4000000000007007   the payment answer has no id
  every other card   SUCCESS
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
from urllib.parse import parse_qs

# The shared module is not cached beside the sources, where SwiftPM would find a file it does not know.
sys.dont_write_bytecode = True
import loopback  # noqa: E402

# SDK Sources/PrimerSDK/Classes/PCI/Services/API/PrimerAPI.swift, headers: X-Api-Version is
# PrimerSettings' apiVersion (2.4 in 2.51.1) on every card endpoint; Primer-SDK-Client is
# PrimerSource's sourceType.
API_VERSION = "2.4"
SDK_CLIENTS = {"IOS_NATIVE", "RN_IOS"}
# SDK Sources/PrimerSDK/Classes/Core/PrimerHeadlessUniversalCheckout/PrimerHeadlessUniversalCheckout.swift:
# checkoutSessionId = UUID().uuidString, sent as Primer-SDK-Checkout-Session-ID on every endpoint.
UUID_PATTERN = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
ALLOWED = ["CARTES_BANCAIRES", "VISA", "MASTERCARD", "AMEX"]
AMOUNT = 4999
NETWORK_IDS = {"VISA", "MASTERCARD", "AMEX", "DISCOVER", "DINERS_CLUB", "JCB", "UNIONPAY", "MAESTRO", "MIR", "ELO",
               "HIPER", "HIPERCARD", "CARTES_BANCAIRES", "DANKORT", "BANCONTACT", "EFTPOS", "INTERAC", "TROY",
               "RUPAY", "VERVE", "UATP", "NARANJA", "FORBRUGSFORENINGEN", "OTHER"}
CO_BADGED = [("CARTES_BANCAIRES", "Cartes Bancaires", {"issuerCountryCode": "FR"}),
             ("VISA", "Visa", {"issuerCountryCode": "FR", "accountFundingType": "CREDIT"})]
# bin -> (firstDigits to answer with, or None to leave it out; items)
BINS = {
    "40000025": ("400000", CO_BADGED),
    "40000033": (None, CO_BADGED),
    "40000041": ("51000000", CO_BADGED),
    "40000000": ("40000000", [("VISA", "Visa", {"issuerCountryCode": "US"})]),
    "41111111": ("41111111", [("VISA", "Visa", {"issuerCountryCode": "US"})]),
    "55555555": ("55555555", [("MASTERCARD", "Mastercard", {"issuerCountryCode": "US"})]),
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
ACCESS_TOKENS = {"fake-ok", "fake-no-name", "fake-no-surcharge", "fake-surcharge-35", "fake-actions-500", "fake-no-pci",
                 "fake-no-bin", "fake-no-card", "fake-config-flaky", "fake-config-503", "fake-config-slow", "fake-config-302"}
# SDK Sources/PrimerSDK/Classes/Data Models/TokenizationRequestPaymentInstrument.swift, CardPaymentInstrument.
INSTRUMENT_KEYS = {"number", "cvv", "expirationMonth", "expirationYear", "cardholderName", "preferredNetwork"}

LOG = loopback.Log()
LOCK = threading.Lock()
TOKENS = {}  # payment method token -> (scenario, access token)
SESSIONS = {}  # access token -> the network selected by a client-session action, or None
FLAKY_FAILURES = [2]  # configuration answers fake-config-flaky still has to fail
COUNTER = itertools.count(1)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt(payload):
    header = {"alg": "RS256", "typ": "JWT"}
    return ".".join([b64url(json.dumps(header).encode()), b64url(json.dumps(payload).encode()), b64url(b"not-a-signature")])


def client_token(base, access_token, expires_in):
    # SDK Modules/PrimerNetworking/.../DecodedJWTToken.swift: the payload's fields.
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
    # API reference, error responses: {"error":{"errorId","description","diagnosticsId","validationErrors"}}.
    return json.dumps({"error": {"errorId": error_id, "description": description, "diagnosticsId": diagnostics,
                                 "validationErrors": []}})


def surcharges(access_token):
    """What the configuration says each network adds."""
    return {} if access_token == "fake-no-surcharge" else {"VISA": 30}


def applied_surcharge(access_token, network):
    """What the session adds once `network` is selected (fake-surcharge-35 says one thing and does another)."""
    if access_token == "fake-surcharge-35" and network == "VISA":
        return 35
    return surcharges(access_token).get(network, 0)


def order(access_token):
    """The client session's order as it stands.

    SDK Sources/PrimerSDK/Classes/Data Models/ClientSession.swift, Order: orderId, merchantAmount,
    totalOrderAmount, currencyCode, fees [{type: SURCHARGE, amount}], lineItems. No merchantAmount:
    the surcharge guide says a top-level amount overrides the calculated one, and the drop-in shows
    no surcharge with one (CardFormPaymentMethodTokenizationViewModel.swift, isMerchantAmountNil).
    Selecting a network adds its surcharge as an order fee (surcharge guide: "the SDK automatically
    patches the client session" with a SURCHARGE fee, and removes it on unselection).
    """
    with LOCK:
        selected = SESSIONS.get(access_token)
    fee = applied_surcharge(access_token, selected) if selected else 0
    answer = {"orderId": "order-1", "currencyCode": "EUR", "totalOrderAmount": AMOUNT + fee, "countryCode": "FR",
              "lineItems": [{"itemId": "ticket", "description": "Museum ticket", "amount": AMOUNT, "quantity": 1}]}
    if fee:
        answer["fees"] = [{"type": "SURCHARGE", "amount": fee}]
    return answer


def configuration(base, access_token):
    """SDK Sources/PrimerSDK/Classes/Data Models/PrimerConfiguration.swift, Response.Body.Configuration:
    coreUrl, pciUrl, binDataUrl, assetsUrl, env, clientSession, paymentMethods, primerAccountId, keys,
    checkoutModules (paymentMethods and checkoutModules are decoded without `IfPresent`: always there)."""
    card_options = {"type": "PAYMENT_CARD"}
    if surcharges(access_token):
        # The array form the SDK reads: options[type=PAYMENT_CARD].networks[].{type,surcharge}
        # (PrimerConfiguration.swift init(from:), hasSurchargeEnabled).
        card_options["networks"] = [{"type": n, "surcharge": s} for n, s in surcharges(access_token).items()]
    config = {
        "coreUrl": base + "/core",
        "pciUrl": base + "/pci",
        "binDataUrl": base + "/bin",
        "assetsUrl": base + "/assets",
        "env": "SANDBOX",
        "primerAccountId": "acc_fake",
        "clientSession": {
            # ClientSession.swift, APIResponse: clientSessionId, paymentMethod, order, customer.
            "clientSessionId": "cs_fake",
            "order": order(access_token),
            "customer": {"emailAddress": "jane@example.com"},
            "paymentMethod": {
                # ClientSession.swift, PaymentMethod: vaultOnSuccess, options, orderedAllowedCardNetworks, descriptor.
                "vaultOnSuccess": False,
                "orderedAllowedCardNetworks": ALLOWED,
                "options": [card_options],
            },
        },
        # SDK Sources/PrimerSDK/Classes/Data Models/PrimerPaymentMethod.swift: id is nil for cards.
        "paymentMethods": [{"type": "PAYMENT_CARD", "name": "Payment Card", "implementationType": "NATIVE_SDK",
                            "processorConfigId": "proc_1", "options": {"threeDSecureEnabled": True}}],
        # PrimerConfiguration.swift, CheckoutModule.CardInformationOptions: cardHolderName, saveCardCheckbox.
        "checkoutModules": [{"type": "CARD_INFORMATION",
                             "options": {"cardHolderName": access_token != "fake-no-name", "saveCardCheckbox": False}}],
        "keys": {"threeDSecureToken": "fake", "netceteraApiKey": "fake"},
    }
    if access_token == "fake-no-pci":
        del config["pciUrl"]
    if access_token == "fake-no-bin":
        del config["binDataUrl"]
    if access_token == "fake-no-card":
        config["paymentMethods"] = [{"id": "pm_paypal", "type": "PAYPAL", "name": "PayPal", "implementationType": "NATIVE_SDK"}]
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

    def do_PUT(self):
        self.handle_request()

    def do_PATCH(self):
        self.handle_request()

    def do_DELETE(self):
        self.handle_request()

    def handle_request(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        path, _, query = self.path.partition("?")
        problems = []
        fields = {}
        access = self.headers.get("Primer-Client-Token")
        self.check_headers(problems, raw, path)
        try:
            answer = self.route(path, query, raw, problems, fields, access)
        finally:
            headers = {name: value for name, value in self.headers.items()}
            log({"method": self.command, "path": path, "query": query, "problems": problems, "headers": headers, "fields": fields})
        if answer is not None:
            self.send(*answer)

    def check_headers(self, problems, raw, path):
        """SDK Sources/PrimerSDK/Classes/PCI/Services/API/PrimerAPI.swift, headers and method."""
        h = self.headers
        if h.get("Primer-Client-Token") is None:
            problems.append("no Primer-Client-Token")
        if h.get("X-Api-Version") != API_VERSION:
            problems.append("X-Api-Version is %r, not %s" % (h.get("X-Api-Version"), API_VERSION))
        if not re.fullmatch(r"\d+\.\d+\.\d+", h.get("Primer-SDK-Version") or ""):
            problems.append("Primer-SDK-Version is %r, not a version" % h.get("Primer-SDK-Version"))
        if h.get("Primer-SDK-Client") not in SDK_CLIENTS:
            problems.append("Primer-SDK-Client is %r" % h.get("Primer-SDK-Client"))
        if not UUID_PATTERN.fullmatch(h.get("Primer-SDK-Checkout-Session-ID") or ""):
            problems.append("Primer-SDK-Checkout-Session-ID is %r, not a UUID" % h.get("Primer-SDK-Checkout-Session-ID"))
        for secret in ("Authorization", "X-Api-Key"):
            if h.get(secret) is not None:
                problems.append("%s sent: a client never sends server credentials" % secret)
        # Only createPayment sends it, and only when the merchant's decision handler gave a key.
        if h.get("X-Idempotency-Key") is not None and not path.endswith("/payments"):
            problems.append("X-Idempotency-Key on a request other than creating a payment")
        if self.command == "GET":
            # "if method == .get { tmpHeaders.removeValue(forKey: "Content-Type") }"
            if h.get("Content-Type") is not None:
                problems.append("Content-Type on a GET")
            if raw:
                problems.append("a body on a GET")
        elif self.command == "POST":
            if (h.get("Content-Type") or "").split(";")[0].strip() != "application/json":
                problems.append("Content-Type is %r, not application/json" % h.get("Content-Type"))
        else:
            problems.append("method %s: the card endpoints are GET and POST" % self.command)

    def expect(self, method, query, problems, wanted_query=""):
        if self.command != method:
            problems.append("%s, not %s" % (self.command, method))
        if query != wanted_query:
            problems.append("query %r, not %r" % (query, wanted_query))

    def route(self, path, query, raw, problems, fields, access):
        parts = path.strip("/").split("/")
        if path == "/client-sdk/configuration":
            return self.configuration(query, problems, access)
        if access not in ACCESS_TOKENS:
            return 401, error_body("InvalidClientToken", "The client token is not valid.", "diag-401")
        if parts[0] == "bin" and len(parts) >= 4 and parts[1:3] == ["v1", "bin-data"]:
            return self.bin_data(parts, query, problems)
        if parts[0] in ("pci", "jwt-pci"):
            endpoint = parts[1:]
            if endpoint == ["payment-instruments"]:
                return self.tokenize(query, raw, problems, fields, access)
            if endpoint == ["client-session", "actions"]:
                return self.actions(query, raw, problems, fields, access)
            if endpoint == ["payments"]:
                return self.payment(query, raw, problems, fields, access)
        problems.append("no such endpoint")
        return 404, error_body("NotFound", "No such endpoint.", "diag-404")

    def configuration(self, query, problems, access):
        # SDK PrimerAPIConfigurationModule.swift setupSession asks with requestDisplayMetadata true and
        # skipPaymentMethodTypes []; PrimerConfiguration.swift URLParameters.Configuration.toDictionary
        # then gives the one query item withDisplayMetadata=true.
        self.expect("GET", query, problems, "withDisplayMetadata=true")
        if access == "fake-config-503":
            return 503, error_body("ServiceUnavailable", "Try again later.", "diag-503")
        if access == "fake-config-slow":
            time.sleep(10)
        if access == "fake-config-302":
            return 302, "{}", [("Location", "/client-sdk/configuration")]
        if access == "fake-config-flaky":
            with LOCK:
                failing = FLAKY_FAILURES[0] > 0
                FLAKY_FAILURES[0] -= 1 if failing else 0
            if failing:
                return 429, error_body("TooManyRequests", "Slow down.", "diag-429")
        if access not in ACCESS_TOKENS:
            return 401, error_body("InvalidClientToken", "The client token is not valid.", "diag-401")
        return 200, json.dumps(configuration(self.base(), access))

    def bin_data(self, parts, query, problems):
        # SDK PrimerAPI.swift listCardNetworks: GET {binDataUrl}/v1/bin-data/{bin}, no body, no query.
        self.expect("GET", query, problems)
        if len(parts) != 4:
            problems.append("no such BIN endpoint: the SDK asks /v1/bin-data/{bin} only")
            return 404, error_body("NotFound", "No such endpoint.", "diag-404")
        bin_ = parts[3]
        if not re.fullmatch(r"\d{8}", bin_):
            problems.append("the BIN is %r, not 8 digits" % bin_)
        first_digits, items = BINS.get(bin_, (bin_, []))
        data = []
        for network, name, issuer in items:
            # Bin.swift BinDataItem: displayName, network, issuerCountryCode, … all optional strings.
            item = {"displayName": name, "network": network}
            item.update(issuer)
            data.append(item)
        answer = {"binData": data}
        if first_digits is not None:
            answer["firstDigits"] = first_digits
        return 200, json.dumps(answer)

    def json_body(self, raw, problems, what):
        try:
            body = json.loads(raw)
        except ValueError:
            problems.append("the %s body is not JSON" % what)
            return None
        if not isinstance(body, dict):
            problems.append("the %s body is not an object" % what)
            return None
        return body

    def tokenize(self, query, raw, problems, fields, access):
        # SDK PrimerAPI.swift tokenizePaymentMethod: POST {pciUrl}/payment-instruments;
        # PrimerRawCardDataTokenizationBuilder.swift makeRequestBodyWithRawData.
        self.expect("POST", query, problems)
        body = self.json_body(raw, problems, "tokenization")
        if body is None:
            return 400, error_body("InvalidRequestBody", "Not JSON.", "diag-400")
        if set(body) != {"paymentInstrument"}:
            problems.append("the tokenization body's keys are %r, not paymentInstrument alone (no tokenType/paymentFlow "
                            "outside the vault intent)" % sorted(body))
        instrument = body.get("paymentInstrument")
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
        if access != "fake-no-name" and not instrument.get("cardholderName"):
            problems.append("no cardholderName, which this session's checkoutModules require")
        preferred = instrument.get("preferredNetwork")
        if "preferredNetwork" in instrument:
            if preferred not in NETWORK_IDS:
                problems.append("preferredNetwork %r is not a network id" % preferred)
            elif preferred == "EFTPOS":
                # PrimerRawCardDataTokenizationBuilder.swift preferredNetwork(from:): headless sends it
                # only for a network that allows user selection, and EFTPOS does not.
                problems.append("preferredNetwork EFTPOS: eftpos does not allow user selection")
        if not isinstance(number, str) or problems:
            return 400, error_body("InvalidRequestBody", "The payment instrument is not valid.", "diag-400")
        scenario = SCENARIOS.get(number, "success")
        if scenario == "tokenize-500":
            return 500, error_body("InternalServerError", "Something went wrong.", "diag-500")
        networks = [n for n, _, _ in BINS.get(number[:8], (None, []))[1]]
        network = preferred or next((n for n in ALLOWED if n in networks), networks[0] if networks else "OTHER")
        with LOCK:
            token = "tok_%s_%d" % (scenario.replace("-", "_"), next(COUNTER))
            TOKENS[token] = (scenario, access)
        # SDK Sources/PrimerSDK/Classes/Data Models/TokenizationResponse.swift, Response.Body.Tokenization
        # and its PaymentInstrumentData.
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

    def actions(self, query, raw, problems, fields, access):
        """SDK PrimerAPI.swift requestPrimerConfigurationWithActions: POST {pciUrl}/client-session/actions,
        body `request.actions` (ClientSessionAPIModel.swift ClientSessionAction: {"actions":[Action]});
        ClientSessionActionsModule.swift selectPaymentMethodIfNeeded / unselectPaymentMethodIfNeeded;
        ClientSession.swift Action: {"type", "params"?}. The answer is a whole configuration
        (PrimerAPIConfigurationModule.swift updateSession keeps its clientSession and checkoutModules)."""
        self.expect("POST", query, problems)
        if not surcharges(access):
            # ClientSessionActionsModule.swift: guard hasSurchargeEnabled == true, else no request.
            problems.append("a client-session action for a session without surcharges: the SDK sends none")
        body = self.json_body(raw, problems, "client-session actions")
        actions = body.get("actions") if isinstance(body, dict) else None
        if body is not None and set(body) != {"actions"}:
            problems.append("the actions body's keys are %r, not actions alone" % sorted(body))
        if not isinstance(actions, list) or len(actions) != 1 or not isinstance(actions[0], dict):
            problems.append("actions is not a list of one action object")
            return 400, error_body("InvalidRequestBody", "Expected one action.", "diag-400")
        action = actions[0]
        kind = action.get("type")
        if kind == "SELECT_PAYMENT_METHOD":
            params = action.get("params")
            network = params.get("binData", {}).get("network") if isinstance(params, dict) and isinstance(params.get("binData"), dict) else None
            if set(action) != {"type", "params"}:
                problems.append("the action's keys are %r, not type and params" % sorted(action))
            if not isinstance(params, dict) or set(params) != {"paymentMethodType", "binData"}:
                problems.append("SELECT_PAYMENT_METHOD params are %r, not paymentMethodType and binData" % params)
            elif params.get("paymentMethodType") != "PAYMENT_CARD":
                problems.append("paymentMethodType is %r, not PAYMENT_CARD" % params.get("paymentMethodType"))
            if not isinstance(params, dict) or not isinstance(params.get("binData"), dict) or set(params["binData"]) != {"network"}:
                problems.append("binData is not {network} alone")
            if network not in NETWORK_IDS:
                problems.append("binData.network %r is not a network id" % network)
            fields["action"] = "SELECT_PAYMENT_METHOD %s" % network
        elif kind == "UNSELECT_PAYMENT_METHOD":
            # Action(type: .unselectPaymentMethod, params: nil): encode leaves params out.
            if set(action) != {"type"}:
                problems.append("UNSELECT_PAYMENT_METHOD carries %r: it has no params" % sorted(action))
            network = None
            fields["action"] = "UNSELECT_PAYMENT_METHOD"
        else:
            problems.append("action type %r is not SELECT_PAYMENT_METHOD or UNSELECT_PAYMENT_METHOD" % kind)
            return 400, error_body("InvalidRequestBody", "Unknown action.", "diag-400")
        if problems:
            return 400, error_body("InvalidRequestBody", "The action is not valid.", "diag-400")
        if access == "fake-actions-500":
            return 500, error_body("InternalServerError", "Something went wrong.", "diag-500")
        with LOCK:
            SESSIONS[access] = network
        config = configuration(self.base(), access)
        fields["total"] = str(config["clientSession"]["order"]["totalOrderAmount"])
        return 200, json.dumps(config)

    def payment(self, query, raw, problems, fields, access):
        # SDK PrimerAPI.swift createPayment: POST {pciUrl}/payments, body APIModels/Payment.swift
        # Request.Body.Payment.Create {paymentMethodToken}, X-Idempotency-Key only from the merchant.
        self.expect("POST", query, problems)
        body = self.json_body(raw, problems, "payment")
        if body is None or set(body) != {"paymentMethodToken"} or not isinstance(body.get("paymentMethodToken"), str):
            problems.append("the payment body is not {paymentMethodToken} alone")
            return 400, error_body("InvalidRequestBody", "Expected paymentMethodToken.", "diag-400")
        token = body["paymentMethodToken"]
        fields["paymentMethodToken"] = token
        fields["idempotencyKey"] = self.headers.get("X-Idempotency-Key") or "none"
        with LOCK:
            known = TOKENS.pop(token, None)
        if known is None or known[1] != access:
            problems.append("an unknown or reused paymentMethodToken")
            return 400, error_body("InvalidPaymentMethodToken", "Unknown token.", "diag-400")
        scenario = known[0]
        payment_id = "pay_%s_%s" % (scenario.replace("-", "_"), token.rsplit("_", 1)[1])
        # The session's amount as it now stands: what Primer charges (surcharge guide: "When a payment
        # is created, the full amount including surcharging is used").
        session_order = order(access)
        charged = session_order["totalOrderAmount"]
        fields["charged"] = str(charged)
        # APIModels/Payment.swift Response.Body.Payment: id, amount, currencyCode, customerId, date,
        # orderId, requiredAction {clientToken, name, description}, status, paymentFailureReason,
        # checkoutOutcome.
        answer = {"id": payment_id, "date": "2026-08-20T10:00:00.000000", "amount": charged,
                  "currencyCode": session_order["currencyCode"], "customerId": "cust-1", "orderId": session_order["orderId"],
                  "status": "SUCCESS"}
        if scenario == "slow-payment":
            time.sleep(10)
        if scenario == "declined":
            answer.update(status="FAILED", paymentFailureReason="payment-failed")
        elif scenario == "failed":
            answer.update(status="FAILED", paymentFailureReason="payment-failed", checkoutOutcome="CHECKOUT_FAILURE")
        elif scenario in ("3ds", "processor-3ds", "redirect"):
            # RequiredActionName raw values; the action's clientToken carries the intent the SDK reads
            # (RawDataManager.swift handleDecodedClientTokenIfNeeded).
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
    # An hour: a test of the whole suite on two busy cores has taken 557 s, and a fake that ended
    # at 300 s refused the rest of its requests.
    parser.add_argument("--lifetime", type=float, default=3600)
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
