#!/usr/bin/env bash
# Drives the real `checkout` in tmux and writes each screen as text to Docs/screens.md (or to
# standard output with -), then the same screens asked in plain mode.
# Usage: scripts/capture-screens.sh [path/to/checkout] [-]
# Every run uses a fresh data directory, so nothing saved on this machine changes what is shown.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/checkout}
out=${2:-Docs/screens.md}
if [[ "$out" != "-" ]]; then exec > "$out"; fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
data=$(mktemp -d)
chmod 700 "$data"
sock="capture-$$"
export LANG=C.UTF-8
t() { tmux -L "$sock" "$@"; }
trap 't kill-server 2>/dev/null || true; rm -rf "$data"' EXIT

# Waits until the pane shows $1 (3 s at most), then prints the pane under a heading $2.
show() {
  for _ in $(seq 1 150); do t capture-pane -p | grep -qF -- "$1" && break; sleep 0.02; done
  printf '## %s\n\n```\n' "$2"; t capture-pane -p | sed -e 's/[[:space:]]*$//'; printf '```\n\n'
}
keys() { for k in "$@"; do t send-keys -- "$k"; sleep 0.04; done; }
digits() { local s=$1; for ((i = 0; i < ${#s}; i++)); do t send-keys -- "${s:i:1}"; sleep 0.03; done; }
start() { # start WIDTH HEIGHT COMMAND...
  local w=$1 h=$2; shift 2
  t kill-server 2>/dev/null || true; sleep 0.2
  t new-session -d -x "$w" -y "$h" "TERM=tmux-256color $*"
}

cat <<'HEAD'
# Screens

Captured from the real binary in tmux by `scripts/capture-screens.sh`, which writes this page (run it
again after a change to a screen; the same screens at 60x20, 80x24, 120x40 and in ASCII are the
snapshots in `Tests/CheckoutAppTests/Snapshots/`). Colour is lost in text: badges carry their
network's colours, candidates are dim, the focused field has a coloured bar `┃`. The card screens
below run with `--session examples/session-visa-surcharge.json`: a merchant who prefers Cartes
Bancaires and adds €0.30 on Visa. The last section is the same payment in plain mode.

HEAD

session="--session examples/session-visa-surcharge.json"
start 80 24 "$bin --data-dir $data $session"
show "Pay by card" "Home"
keys Enter
show "Card number" "Card form, empty"
digits 4000002500001001
show "Pay with" "Card form: a co-badged card, each network with its surcharge"
# A complete expiry and CVV move the focus on by themselves (Docs/card-entry.md).
keys Tab Right Tab; digits 1230; digits 123; t send-keys -l "Jane Doe"; keys Tab
show "Jane Doe" "Card form: Visa chosen, the Pay button shows the total"
keys Enter
show "Payment id" "Result"
keys Enter; digits 378282246310005; sleep 0.5; keys Tab; digits 1230; digits 1234; t send-keys -l "Jane Doe"; keys Tab Enter
show "not accepted" "A card the merchant does not accept"
keys F1
show "Keys on" "F1: the keys of this screen, and the rules"
keys Escape F2
show "newest last" "F2: the event log"
keys Escape Escape
show "Discard" "Esc on a filled form asks first"
keys y
start 80 24 "$bin settings --data-dir $data $session"
show "BIN source" "Settings"

start 120 32 "$bin pay --data-dir $data $session"
show "Card number" "x"  >/dev/null
digits 4000002500001001
show "selectable" "At 120 columns: the event panel beside the form (ms since the first key)"

start 80 24 "$bin nol link --data-dir $data"
show "Scan card" "Nol Pay: link a card, step 1 (the simulated NFC reader)"
keys Enter
show "Mobile number" "Nol Pay: step 2, the phone number"
t send-keys -l "050 123 4567"; keys Enter
show "SMS" "Nol Pay: step 3, the one-time code arrives in the SMS panel"
digits 000000; keys Enter
show "tries left" "Nol Pay: a wrong code empties the field and says how many tries are left"
code=$(t capture-pane -p | grep -oE 'Code  [0-9]{6}' | grep -oE '[0-9]{6}' | head -1)
digits "$code"; keys Enter
show "Card linked" "Nol Pay: the card is linked"
start 80 24 "$bin nol cards --data-dir $data"
t send-keys -l "050 123 4567"; keys Enter
show "0125" "Nol Pay: my cards (Enter on a card offers Pay and Unlink)"

start 80 24 "LANG=C $bin pay --data-dir $data $session"
show "Card number" "x" >/dev/null
digits 4000002500001001
show "Pay with" "In a non-UTF-8 locale (LANG=C): the same form in ASCII"

start 80 24 "$bin demo cobadge --speed 2"
show "8th digit" "checkout demo cobadge: a caption explains each moment"
t kill-server

cat <<'PLAIN'
## Plain mode: the same screens, one question at a time (`TERM=dumb checkout` over pipes)

Each screen says what it asks and what it learnt; each answer goes back to the screen as the
terminal's keys would (here the co-badged card, Visa chosen by name, then the result's Home and Quit).

```
PLAIN
printf '%s\n' 1 '4000 0025 0000 1001' visa 12/30 123 'Jane Doe' y 2 7 \
  | TERM=dumb "$bin" --data-dir "$data" $session | sed -e 's/pay_[0-9a-f]\{20\}/pay_…/'
printf '```\n'
