#!/usr/bin/env bash
# Draws the documentation's pictures of the studio again, with scripts/screenshot.sh:
# docs/studio.png (the editor on the Pivot Gate starter lock), docs/play.png (play mode, the
# debugger stepping through a waited turn), docs/nonogram-editor.png (the nonogram editor on a
# public puzzle), docs/nonogram-steps.png (its player walking the line rule's deductions),
# docs/quadrillion-author.png (the Quadrillion screen authoring a challenge beside its source)
# docs/quadrillion-play.png (the same challenge played after four hints), docs/tutorial.png (the
# welcome on a first start) and docs/sliding-lesson.png (a sliding lock lesson picked with the
# help of "Show me"). The clicks are at
# the places the buttons have in a 1280x800 window today: check the pictures after a change of
# layout.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shot="$root/scripts/screenshot.sh"

# A home of this name, made here and removed afterwards, shows in the editor's status line.
export SHOT_HOME=/tmp/studio-home
if [ -e "$SHOT_HOME" ]; then
    echo "docs-pictures: $SHOT_HOME is in the way; remove it first" >&2
    exit 1
fi
steps=$(mktemp -d)
trap 'rm -rf "$steps" "$SHOT_HOME"' EXIT

cat >"$steps/studio" <<'EOF'
click 449 291   # "Not now" on the tutorial's welcome
click 93 167    # pivot-gate in the lock list
EOF
cat >"$steps/play" <<'EOF'
click 449 291   # "Not now" on the tutorial's welcome
click 93 167    # pivot-gate in the lock list
key ctrl+p      # play
key space       # wait a turn
click 967 369   # "Step into the last turn"
key F10         # the debugger's steps, to step 4 of 6
key F10
key F10
EOF

cat >"$steps/nonogram-editor" <<'EOF'
click 449 291   # "Not now" on the tutorial's welcome
EOF
{
    echo 'click 449 291   # "Not now" on the welcome'
    echo 'click 298 21    # "Play"'
    echo 'click 856 21    # "Steps"'
    for _ in $(seq 1 14); do echo 'click 550 21    # "Step forward"'; done
} >"$steps/nonogram-steps"

cat >"$steps/tutorial" <<'EOF'
settle
EOF
cat >"$steps/sliding-lesson" <<'EOF'
click 488 126   # the "Sliding locks" tab
click 360 451   # lesson 5 in the list
click 354 90    # "Stuck? Show me"
key ctrl+y      # its four moves
key ctrl+y
key ctrl+y
key ctrl+y
EOF

for name in studio play tutorial sliding-lesson; do
    rm -rf "$SHOT_HOME"
    SHOT_STEPS="$steps/$name" "$shot" "$root/docs/$name.png"
done
# A copy of a public nonogram, so that the list shows it alone.
mkdir -p "$steps/puzzles"
cp "$root/templates/nonogram/bloop-bloop.non" "$steps/puzzles/"
for name in nonogram-editor nonogram-steps; do
    rm -rf "$SHOT_HOME"
    SHOT_STEPS="$steps/$name" "$shot" "$root/docs/$name.png" studio "$steps/puzzles/bloop-bloop.non"
done

cat >"$steps/quadrillion-author" <<'EOF'
click 449 291   # "Not now" on the tutorial's welcome
EOF
cat >"$steps/quadrillion-play" <<'EOF'
click 449 291   # "Not now" on the tutorial's welcome
click 297 21    # "Play"
key h           # four hints
key h
key h
key h
EOF
cp "$root/templates/quadrillion/challenge-57.quad" "$steps/puzzles/"
for name in quadrillion-author quadrillion-play; do
    rm -rf "$SHOT_HOME"
    SHOT_STEPS="$steps/$name" "$shot" "$root/docs/$name.png" studio "$steps/puzzles/challenge-57.quad"
done
