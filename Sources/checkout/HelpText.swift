/// The text of `checkout --help`, `checkout --version` and each command's `--help`.
enum HelpText {
    static let version = "checkout 0.1.0"

    static let usage = """
    checkout: a terminal checkout with co-badged cards and Nol Pay

    usage: checkout [pay | nol link|cards|pay|unlink] [options]   open the terminal UI (home menu or a screen)
           checkout --plain [pay | nol ... | settings] [options]   the same as a plain line-by-line conversation
           checkout detect [options] NUMBER... | -                 detect and validate card numbers, JSON Lines out
           checkout events [options] < script.jsonl                the headless RawDataManager over JSON Lines
           checkout nol events [--data-dir DIR] < script.jsonl     the Nol Pay components over JSON Lines
           checkout payments [--data-dir DIR] [--json] [filters]   list the payment ledger, newest first
           checkout bench                                          measure detection and BIN lookups (use -c release)
           checkout --help | --version

    card and BIN options (detect, events, pay):
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
      --expiry MM/YY        expiry date to validate (MM/YY, MM/YYYY or MMYY)
      --cvv N               security code to validate
      --name TEXT           cardholder name to validate
      Card numbers given as arguments and --cvv (and --expiry, --name) are visible to every user
      of this machine (ps, /proc) while checkout runs: give cards to detect - on standard input.

    engine and payment options (events, pay, nol):
      --debounce MS         wait this long after the last keystroke before a BIN lookup
      --amount MINOR_UNITS  amount to pay in minor units (default 4999: 49.99)
      --currency CODE       ISO 4217 currency (default EUR)
      --data-dir DIR        where the SQLite database lives
                            (default $XDG_DATA_HOME/checkout, else ~/.local/share/checkout)
      --no-color            no colours in the terminal UI (so does the NO_COLOR variable)
      --no-mouse            leave the mouse to the terminal (its own text selection) instead of clicks
                            and the wheel; Settings has the same switch
      --plain               ask one thing at a time in plain lines (screen readers, serial consoles, pipes);
                            also when TERM is dumb or unknown, or CHECKOUT_PLAIN=1 or ACCESSIBLE=1 is set

    network ids: VISA MASTERCARD AMEX DISCOVER DINERS_CLUB JCB UNIONPAY MAESTRO MIR ELO HIPER HIPERCARD
                 CARTES_BANCAIRES DANKORT BANCONTACT EFTPOS INTERAC TROY RUPAY VERVE UATP NARANJA
                 FORBRUGSFORENINGEN

    sandbox processor (events, pay): amounts ending 0051 are declined (insufficient funds), 0005
      declined (do not honour), 0099 fail (processor unavailable); card 4000000000000002 is declined;
      anything else is authorized. Details: Docs/sandbox.md.

    input (detect -, events, nol events): one line per number or object, LF or CRLF; a line that is
      not UTF-8 or is over 1 MiB is reported on stderr (nol events: an error event) and skipped.
      detect - takes a number, or a JSON object {"cardNumber","expiryDate","cvv","cardholderName"}:
        printf '%s\\n' '{"cardNumber":"4000 0025 0000 1001","expiryDate":"12/30","cvv":"123"}' | checkout detect -

    payments filters: --limit N, --since DATE (UTC, 2025-11-29 or 2025-11-29T17:53:36Z),
      --status AUTHORIZED|DECLINED|FAILED, --oldest-first (see checkout payments --help).

    data directory: created private (0700, database files 0600); one that other users can write is
      refused, and so is a database written by a newer checkout (its schema version is named).

    exit status: 0 done, 2 bad options, a --session file, a client token or a data directory that cannot
      be used.
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
}
