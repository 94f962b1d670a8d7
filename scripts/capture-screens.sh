#!/usr/bin/env bash
# Drives the real `checkout` in tmux at 80x24 and prints each screen as text (the README's screens).
# Usage: scripts/capture-screens.sh [path/to/checkout]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/checkout}
data=$(mktemp -d)
sock="capture-$$"
export LANG=C.UTF-8
t() { tmux -L "$sock" "$@"; }
trap 't kill-server 2>/dev/null; rm -rf "$data"' EXIT

# Waits until the pane shows $1 (2 s at most), then prints the pane under a heading $2.
show() {
  for _ in $(seq 1 100); do t capture-pane -p | grep -qF -- "$1" && break; sleep 0.02; done
  printf '### %s\n\n```\n' "$2"; t capture-pane -p; printf '```\n\n'
}
keys() { for k in "$@"; do t send-keys -- "$k"; sleep 0.03; done; }
digits() { local s=$1; for ((i = 0; i < ${#s}; i++)); do t send-keys -- "${s:i:1}"; sleep 0.03; done; }

t new-session -d -x 80 -y 24 "TERM=tmux-256color $bin --data-dir $data --allowed VISA,CARTES_BANCAIRES,MASTERCARD"
show "Pay by card" "Home"
keys Enter
show "Card number" "Card form, empty"
digits 4000002500001001
show "Pay with" "Card form: a co-badged card, the chooser under the number"
keys Tab Right Tab; digits 1230; keys Tab; digits 123; keys Tab; t send-keys -l "Jane Doe"; keys Tab
show "Jane Doe" "Card form: Cartes Bancaires chosen, ready to pay"
keys Enter
show "Payment id" "Result"
keys F2
show "events, newest last" "F2: the engine's event log"
keys Escape Escape
keys Enter; digits 378282246310005; keys Tab; digits 1230; keys Tab; digits 1234; keys Tab; t send-keys -l "Jane Doe"; keys Tab Enter
show "not accepted" "A card the merchant does not accept"
keys F1
show "Keys on" "F1: help for the screen"
keys Escape Escape Down Down Down Down Down Enter
show "BIN source" "Settings"
t kill-server; sleep 0.3

t new-session -d -x 80 -y 24 "TERM=tmux-256color $bin nol link --data-dir $data"
show "Scan card" "Nol Pay: link a card, step 1 (the simulated NFC reader)"
keys Enter
show "Enter the mobile number" "Nol Pay: step 2, the phone number"
t send-keys -l "050 123 4567"; keys Enter
show "SMS" "Nol Pay: step 3, the one-time code arrives in the SMS panel"
code=$(t capture-pane -p | grep -oE 'Code  [0-9]{6}' | grep -oE '[0-9]{6}' | head -1)
digits "$code"; keys Enter
show "Card linked" "Nol Pay: step 4, the card is linked"
t kill-server; sleep 0.3

t new-session -d -x 80 -y 24 "TERM=tmux-256color $bin nol pay --data-dir $data"
show "Mobile number" "Nol Pay: pay, step 1 (the phone number)"
t send-keys -l "050 123 4567"; keys Enter
show "Type a card number" "Nol Pay: pay, step 2 (the cards linked to that number)"
keys Enter
show "Payment authorized" "Nol Pay: pay, the result"
t kill-server; sleep 0.3
