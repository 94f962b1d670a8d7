#!/usr/bin/env bash
# Lines per module (each folder of Sources/) at two commits, as a Markdown table for Docs/figures.md:
#   scripts/line-counts.sh BASE [AFTER]     # AFTER defaults to HEAD; e.g. scripts/line-counts.sh ef80f22
# Counts every line of every file git keeps under Sources/ (Swift, C, headers, module maps), blank
# lines and comments included, as `wc -l` counts them. Read from git, so the work tree does not matter.
set -euo pipefail
base=${1:?usage: scripts/line-counts.sh BASE [AFTER]}
after=${2:-HEAD}
cd "$(git rev-parse --show-toplevel)"

# lines REV: "module<TAB>lines" for each folder of Sources/ at REV.
lines() {
    git ls-tree -r --name-only "$1" -- Sources/ | while read -r path; do
        printf '%s\t%s\n' "$(echo "$path" | cut -d/ -f2)" "$(git show "$1:$path" | wc -l)"
    done | awk -F'\t' '{ n[$1] += $2 } END { for (m in n) print m "\t" n[m] }' | sort
}

join -t $'\t' -a1 -a2 -e 0 -o 0,1.2,2.2 <(lines "$base") <(lines "$after") | awk -F'\t' -v b="$(git rev-parse --short "$base")" -v a="$(git rev-parse --short "$after")" '
    BEGIN { print "| module (Sources/) | lines at " b " | lines at " a " | change |"; print "| --- | ---: | ---: | ---: |" }
    { printf "| %s | %d | %d | %+d |\n", $1, $2, $3, $3 - $2; tb += $2; ta += $3 }
    END { printf "| **all** | %d | %d | %+d |\n", tb, ta, ta - tb }'
