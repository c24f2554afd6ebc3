#!/usr/bin/env bash
# The desktop game through AT-SPI, as Orca would see it: a D-Bus session of its own with the
# accessibility bus, the bus told a screen reader is on (AccessKit's Linux adapter starts
# only then), the game's menu under Xvfb, and scripts/atspi-menu.py reading its buttons.
# Usage (under a display): xvfb-run -a scripts/atspi-test.sh GAME_BINARY OUT.json
set -euo pipefail
game=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
exec dbus-run-session -- bash -s "$game" "$out" "$here" <<'INNER'
set -euo pipefail
game=$1
out=$2
here=$3
trap 'kill ${ludo:-} 2>/dev/null || true; rm -rf "${home:-}"' EXIT
# The accessibility bus starts on demand (D-Bus activation), told a screen reader is on.
for property in IsEnabled ScreenReaderEnabled; do
  dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
    string:org.a11y.Status string:$property variant:boolean:true >/dev/null
done
# A first start: none of this machine's player's files.
home=$(mktemp -d)
XDG_CONFIG_HOME=$home XDG_DATA_HOME=$home "$game" --open menu --lang en --size 800x600 &
ludo=$!
/usr/bin/python3 "$here/atspi-menu.py" "New table" "Play online" "Rules" "Settings" "Quit" > "$out" && status=0 || status=$?
cat "$out"
exit $status
INNER
