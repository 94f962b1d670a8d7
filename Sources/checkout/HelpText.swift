/// The text of `checkout --help`, `checkout --version` and each command's `--help`.
enum HelpText {
    static let version = "checkout 0.1.0"

    static let usage = """
    checkout: a terminal checkout with co-badged cards and Nol Pay

    usage: checkout [pay | settings | nol link|cards|pay|unlink] [options]   the terminal UI
           checkout --plain [pay | settings | nol ...] [options]   the same as a plain line-by-line conversation
           checkout detect [options] NUMBER... | -                 card numbers detected and validated, JSON Lines
           checkout events [options] < script.jsonl                the headless RawDataManager over JSON Lines
           checkout nol events [options] < script.jsonl            the Nol Pay components over JSON Lines
           checkout payments [--data-dir DIR] [--json] [filters]   the payment ledger, newest first
           checkout demo [cobadge|eftpos|fallback|nol|tour] [--script FILE] [--check]
                         [--record FILE.cast] [--speed X]          a narrated walkthrough through the real screens
           checkout bench [--bin-table FILE]                       detection and BIN-lookup figures (-c release)
           checkout --help | --version                             every command takes --help too

    card and BIN options (detect, events, the terminal UI):
      --session FILE        the merchant's client session, JSON in the headless SDK's shape: amount and
                            currency, allowed networks, per-network surcharges (default:
                            Resources/data/session.json; e.g. examples/session-visa-surcharge.json)
      --allowed LIST        accepted networks in order of preference, comma-separated
                            (e.g. VISA,CARTES_BANCAIRES,MASTERCARD; replaces the session's list;
                            --amount and --currency, below, replace the session's too)
      --client-token TOKEN  a Primer client token (or set CHECKOUT_CLIENT_TOKEN: the option shows in ps):
                            the session, BIN lookups and payments come from Primer's configuration for it
                            (its signature is not checked here; Primer checks it on every request)
      --bin-service SVC     embedded (default: the shipped BIN table), off (no service: LOCAL_FALLBACK
                            from 8 digits) or a URL answering GET {URL}/v1/bin-data/{first 8 digits}
      --bin-table FILE      a CSV BIN table to use instead of the shipped one (columns named in its
                            header; the public binlist layout loads as it is)
      --bin-latency MS      simulated round trip of the embedded service, in milliseconds (default 0)
      --bin-timeout MS      give up on the BIN service after MS milliseconds (default 3000)

    card fields to validate (detect, events):
      --expiry MM/YY        expiry date (MM/YY, MM/YYYY or MMYY)
      --cvv N               security code
      --name TEXT           cardholder name
      Card numbers given as arguments and --cvv (and --expiry, --name) are visible to every user
      of this machine (ps, /proc) while checkout runs: give cards to detect - on standard input.

    engine and payment options:
      --debounce MS         wait this long after the last keystroke before a BIN lookup (events, the UI)
      --amount MINOR_UNITS  amount to pay in minor units (detect, events, the card form: default 4999,
                            49.99; nol events: default 750)
      --currency CODE       ISO 4217 currency (the same commands: default EUR; nol events: AED)
      --data-dir DIR        where the SQLite database and saved settings live (events, payments, nol events,
                            the UI; default $XDG_DATA_HOME/checkout, else ~/.local/share/checkout)

    terminal UI options:
      --no-color            no colours (the UI and demo; so does the NO_COLOR variable)
      --no-mouse            leave the mouse to the terminal (its own text selection) instead of clicks
                            and the wheel; Settings has the same switch
      --plain               ask one thing at a time in plain lines (screen readers, serial consoles, pipes);
                            also when TERM is dumb or unknown, or CHECKOUT_PLAIN=1 or ACCESSIBLE=1 is set
      Options given here override the settings saved by Settings, for this run.

    nol events options:
      --read-timeout SECONDS  how long the simulated reader waits for a tap (default 30)
      --otp CODE              every simulated SMS carries CODE (6 digits), so a script can type it

    payments filters: --json (JSON Lines instead of a table), --limit N, --since DATE (UTC, 2025-11-29
      or 2025-11-29T17:53:36Z), --status AUTHORIZED|DECLINED|FAILED|PENDING, --oldest-first
      (see checkout payments --help).

    demo options: --script FILE (your own script), --check (play headless, exit 1 on a failed
      expectation), --record FILE.cast (an asciicast v2 file), --speed X (0.5 to 4), --no-color;
      see checkout demo --help.

    bench options: --bin-table FILE loads FILE as --bin-table does and prints only its load figures.

    network ids: VISA MASTERCARD AMEX DISCOVER DINERS_CLUB JCB UNIONPAY MAESTRO MIR ELO HIPER HIPERCARD
                 CARTES_BANCAIRES DANKORT BANCONTACT EFTPOS INTERAC TROY RUPAY VERVE UATP NARANJA
                 FORBRUGSFORENINGEN

    sandbox processor (events, the UI): amounts ending 0051 are declined (insufficient funds), 0005
      declined (do not honour), 0099 fail (processor unavailable); card 4000000000000002 is declined;
      anything else is authorized. Details: Docs/sandbox.md.

    input (detect -, events, nol events): one line per number or object, LF or CRLF; a line that is
      not UTF-8 or is over 1 MiB is reported on stderr (nol events: an error event) and skipped.
      detect - takes a number, or a JSON object {"cardNumber","expiryDate","cvv","cardholderName"}:
        printf '%s\\n' '{"cardNumber":"4000 0025 0000 1001","expiryDate":"12/30","cvv":"123"}' | checkout detect -

    data directory: created private (0700, database files 0600); one that other users can write is
      refused, and so is a database written by a newer checkout (its schema version is named).

    environment: CHECKOUT_CLIENT_TOKEN (as --client-token), NO_COLOR (as --no-color), CHECKOUT_PLAIN=1
      or ACCESSIBLE=1 or TERM=dumb (as --plain), XDG_DATA_HOME (the default data directory),
      CHECKOUT_RESOURCES (a folder of data files to use instead of the shipped Resources/data).

    exit status: 0 done, 2 bad options, a --session file, a client token or a data directory that cannot
      be used; checkout demo --check: 1 when a demo's expectation fails.
    """

    static let detect = """
    usage: checkout detect [--session FILE | --client-token TOKEN] [--allowed LIST]
                           [--amount MINOR_UNITS] [--currency CODE]
                           [--bin-service embedded|off|URL] [--bin-table FILE]
                           [--bin-latency MS] [--bin-timeout MS] [--expiry MM/YY] [--cvv N] [--name TEXT]
                           NUMBER... | -

    Prints one JSON object per number:
    {"cardNumber","source","detectedCardNetworks","selectableCardNetworks","autoSelectedCardNetwork",
     "amountDue","binData","validation"}; network items carry their session surcharge when above 0.
    Under 8 digits the networks come from local rules (LOCAL); from 8 digits the BIN service is asked
    (REMOTE, or LOCAL_FALLBACK when it fails, times out or knows nothing of the BIN).

    With -, each line of standard input is a card number, or a JSON object (a line starting with {):
      {"cardNumber":"…","expiryDate":"…","cvv":"…","cardholderName":"…"}
    Fields left out take --expiry, --cvv and --name. The output echoes cardNumber as given.

    Numbers given as arguments, and --cvv, --expiry and --name, can be read by every user of this
    machine (ps, /proc) while checkout runs; standard input cannot. Examples:
      printf '%s\\n' '{"cardNumber":"4000 0025 0000 1001","expiryDate":"12/30","cvv":"123","cardholderName":"Jane Doe"}' | checkout detect -
      checkout detect - < numbers.txt
    """

    static let events = """
    usage: checkout events [--session FILE | --client-token TOKEN] [--allowed LIST]
                           [--amount MINOR_UNITS] [--currency CODE] [--debounce MS] [--data-dir DIR]
                           [--bin-service embedded|off|URL] [--bin-table FILE]
                           [--bin-latency MS] [--bin-timeout MS] [--expiry MM/YY] [--cvv N] [--name TEXT]
                           < script.jsonl

    The headless RawDataManager: JSON Lines in on standard input, its events as JSON Lines out.
    Input, one object a line:
      {"rawData":{"cardNumber":"…","expiryDate":"…","cvv":"…","cardholderName":"…","cardNetwork":null}}
                      the raw data as typed so far; fields left out take --expiry, --cvv and --name
      {"submit":{}}   pay (the sandbox processor, recorded in the ledger under --data-dir; Primer with a token);
                      {"submit":{"idempotencyKey":"…"}} gives the payment the merchant's key
      {"sleep":MS}    pause the reader, as a person between keys
    Output, one object per event, in the engine's order: dataIsValid, willFetchMetadata,
    didReceiveMetadata, didReceiveBinData, willUpdateClientSession, didUpdateClientSession,
    clientSessionUpdateFailed (a session with surcharges, Docs/primer.md), checkoutCompleted,
    checkoutFailed. A line that is none of
    these is named on stderr (never quoted) and skipped. At the end of input a pending debounce fires at
    once and work in flight finishes before the exit. The options are those of checkout --help.
    A payment the ledger could not record yet (locked, a full disk) is still checkoutCompleted, with
    "notRecorded" saying why; its row is written once the ledger can take it. A submit while a payment
    is in flight is checkoutFailed "payment-in-progress".
    """
}
