#!/usr/bin/env bash
# Takes a picture of the studio's window, drawn by its default renderer, on a virtual display.
#
#   scripts/screenshot.sh OUTPUT.png [STUDIO ARGUMENTS...]
#
# With no studio arguments the studio opens on its own lock folder, which a fresh home fills
# with the starter locks (`studio FOLDER` or `studio FILE.lock` open others). The studio runs
# with a temporary home, so it never reads or writes the user's settings, locks or login.
#
# A bare Debian 12 machine gets what this needs (Xvfb, xdotool, ImageMagick, the window's
# libraries, wgpu's OpenGL through Mesa's software EGL, a font, CA certificates) from the
# README's setup line, `bash scripts/setup`.
# Without libegl1 the studio still opens, but draws with tiny-skia: the script warns then.
#
# Environment:
#   LOCKWRIGHT   the studio's program (default: target/debug/lockwright-studio, then
#                lockwright-studio on the PATH)
#   SHOT_SIZE    the window's size (default 1280x800)
#   SHOT_HOME    the home to use, made if missing and then left in place (default: a temporary
#                one, removed afterwards); it shows in the editor's status line
#   SHOT_STEPS   a bash file run before the picture is taken, to bring the window to the state
#                wanted; it can use `click X Y`, `key KEY...` (xdotool key names), `settle`
#                (waits until the window stops changing) and $WINDOW
#   SHOT_TIMEOUT seconds to wait for the window to be drawn (default 60)
#   SHOT_LIVE    for a window that never stops changing (a match's running clock): wait this
#                many seconds instead of waiting for the window to settle
set -euo pipefail

if [ $# -lt 1 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
fi
out=$1
shift
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${LOCKWRIGHT:-}
if [ -z "$bin" ]; then
    if [ -x "$root/target/debug/lockwright-studio" ]; then
        bin="$root/target/debug/lockwright-studio"
    else
        bin=$(command -v lockwright-studio || true)
    fi
fi
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
    echo "screenshot: no lockwright-studio program: run \`cargo build -p lockwright-studio\` or set LOCKWRIGHT" >&2
    exit 1
fi
for tool in Xvfb xdotool import compare identify; do
    command -v "$tool" >/dev/null || {
        echo "screenshot: $tool is missing (bash scripts/setup installs it)" >&2
        exit 1
    }
done

size=${SHOT_SIZE:-1280x800}
width=${size%x*}
height=${size#*x}
timeout=${SHOT_TIMEOUT:-60}
work=$(mktemp -d "${TMPDIR:-/tmp}/lockwright-shot.XXXXXX")
home=${SHOT_HOME:-$work/home}
mkdir -p "$home"

xvfb_pid=
studio_pid=
cleanup() {
    if [ -n "$studio_pid" ]; then kill "$studio_pid" 2>/dev/null || true; fi
    if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Xvfb picks a free display and writes its number on file descriptor 3.
Xvfb -displayfd 3 -screen 0 "${width}x${height}x24" -nolisten tcp 3>"$work/display" \
    >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
    [ -s "$work/display" ] && break
    kill -0 "$xvfb_pid" 2>/dev/null || { cat "$work/xvfb.log" >&2; exit 1; }
    sleep 0.1
done
DISPLAY=:$(head -n1 "$work/display")
export DISPLAY

HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
    XDG_CACHE_HOME="$home/.cache" "$bin" "$@" >"$work/studio.log" 2>&1 &
studio_pid=$!

# The window, once it is mapped.
WINDOW=
for _ in $(seq $((timeout * 10))); do
    kill -0 "$studio_pid" 2>/dev/null || { cat "$work/studio.log" >&2; exit 1; }
    WINDOW=$(xdotool search --onlyvisible --name 'Lockwright' 2>/dev/null | head -n1 || true)
    [ -n "$WINDOW" ] && break
    sleep 0.1
done
[ -n "$WINDOW" ] || { echo "screenshot: no window after ${timeout}s" >&2; exit 1; }
export WINDOW
xdotool windowsize "$WINDOW" "$width" "$height" windowmove "$WINDOW" 0 0 windowfocus "$WINDOW"

# Waits until the window has been drawn and two captures in a row are the same.
settle() {
    if [ -n "${SHOT_LIVE:-}" ]; then
        sleep "$SHOT_LIVE"
        return 0
    fi
    local previous="$work/previous.png" current="$work/current.png" same=0
    rm -f "$previous"
    for _ in $(seq $((timeout * 4))); do
        sleep 0.25
        import -window root "$current"
        if [ "$(identify -format %k "$current")" -gt 1 ] && [ -f "$previous" ] &&
            [ "$(compare -metric AE "$previous" "$current" null: 2>&1 || true)" = 0 ]; then
            same=$((same + 1))
            [ "$same" -ge 2 ] && return 0
        else
            same=0
        fi
        mv "$current" "$previous"
    done
    echo "screenshot: the window kept changing for ${timeout}s" >&2
    return 1
}
click() {
    xdotool mousemove "$1" "$2" click 1
    settle
}
key() {
    xdotool windowfocus "$WINDOW" key "$@"
    settle
}

settle
# Which renderer drew it: wgpu loads EGL (or Vulkan) when it finds an adapter.
if [ "${ICED_BACKEND:-}" != tiny-skia ] &&
    ! grep -qE 'libEGL|libvulkan' "/proc/$studio_pid/maps" 2>/dev/null; then
    echo "screenshot: warning: the studio draws with tiny-skia, not wgpu: is libegl1 installed?" >&2
fi
if [ -n "${SHOT_STEPS:-}" ]; then
    # shellcheck source=/dev/null
    source "$SHOT_STEPS"
fi
# The pointer out of the way, so that nothing shows as hovered.
xdotool mousemove "$((width - 1))" "$((height - 1))"
settle
mkdir -p "$(dirname "$out")"
import -window root -crop "${width}x${height}+0+0" +repage "$out"
echo "$out"
