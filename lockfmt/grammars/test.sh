#!/usr/bin/env bash
# Runs every grammar's corpus tests (`test/corpus/*.txt`) with the tree-sitter CLI, as a grammar
# project's own CI would: each input parsed by the committed parser and compared with its tree.
# Usage: lockfmt/grammars/test.sh        (scripts/setup installs the CLI)
set -euo pipefail
cd "$(dirname "$0")"
for grammar in */; do
    [ -f "$grammar/tree-sitter.json" ] || continue
    echo "== $grammar"
    (cd "$grammar" && tree-sitter test)
done
