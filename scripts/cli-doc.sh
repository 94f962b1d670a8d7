#!/usr/bin/env bash
# Puts the help texts of the real `checkout` into Docs/cli.md, between its `<!-- help: … -->` and
# `<!-- end help -->` markers (and the usage lines of `checkout --help` between `<!-- usage -->` and
# `<!-- end usage -->`), so the page shows what the option table makes (CheckoutCommandsTests
# checks that it does).
# Usage: scripts/cli-doc.sh [path/to/checkout]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/checkout}
python3 - "$bin" <<'PY'
import re, subprocess, sys
binary = sys.argv[1]
path = "Docs/cli.md"
text = open(path, encoding="utf-8").read()
def block(match):
    words = match.group(1).split()
    help = subprocess.run([binary] + words + ["--help"], capture_output=True, text=True, check=True).stdout.rstrip("\n")
    return f"<!-- help: {match.group(1)} -->\n```\n{help}\n```\n<!-- end help -->"
text = re.sub(r"<!-- help: ([^>]*?) -->.*?<!-- end help -->", block, text, flags=re.S)
# The commands at the top of the page: the usage lines of checkout --help.
main = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
usage = main.split("usage:\n", 1)[1].split("\n\n", 1)[0]
usage = "\n".join(line[2:] for line in usage.split("\n"))
text = re.sub(r"<!-- usage -->.*?<!-- end usage -->", lambda m: f"<!-- usage -->\n```\n{usage}\n```\n<!-- end usage -->", text, flags=re.S)
open(path, "w", encoding="utf-8").write(text)
PY
