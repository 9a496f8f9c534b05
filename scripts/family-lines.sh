#!/usr/bin/env bash
# The lines of Rust that name a puzzle family outside its own folders and files: what adding a
# family costs in the code every family shares. Its own modules (any path with the family's
# name), test, bench, fuzz and example folders, comments and each file's closing test module
# are left out. Usage: scripts/family-lines.sh quadrillion   (prints file, count; then total)
set -euo pipefail
family=${1:?usage: scripts/family-lines.sh FAMILY, e.g. quadrillion}
cd "$(dirname "$0")/.."
git ls-files -- '*.rs' ":!*${family}*" ':!**/tests/**' ':!**/benches/**' ':!**/fuzz/**' \
    ':!**/examples/**' |
    while read -r file; do
        awk -v family="$family" -v file="$file" '
            BEGIN { pattern = tolower(family) }
            # A file closing on its unit tests: those are the tests, not the shared code.
            /^#\[cfg\(test\)\]/ { test_attribute = 1; next }
            test_attribute && /^mod tests \{/ { exit }
            { test_attribute = 0 }
            /^[ \t]*\/\// { next }
            index(tolower($0), pattern) { n++ }
            END { if (n) printf "%4d %s\n", n, file }
        ' "$file"
    done | sort -rn | awk '{ print; lines += $1; files++ } END { printf "%4d lines in %d files\n", lines, files }'
