#!/usr/bin/env bash
# Regenerates a family's committed parser from its grammar.js and records the grammar's digest,
# which a test compares with grammar.js so that the two never drift.
# Usage: grammars/generate.sh FAMILY   (e.g. hexlock)
# Needs the tree-sitter CLI 0.27: `cargo install tree-sitter-cli --version 0.27.1 --locked`.
set -euo pipefail
family=${1:?usage: grammars/generate.sh FAMILY}
cd "$(dirname "$0")/$family"
tree-sitter generate --abi 15
python3 - <<'PY'
data = open("grammar.js", "rb").read()
h = 0xcbf29ce484222325
for b in data:
    h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
open("src/grammar.digest", "w").write(f"{h:016x}\n")
PY
echo "$family: parser regenerated; digest $(cat src/grammar.digest)"
