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
/usr/libexec/at-spi-bus-launcher --launch-immediately &
launcher=$!
trap 'kill $launcher ${ludo:-} 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
  sleep 0.1
done
dbus-send --session --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
  string:org.a11y.Status string:IsEnabled variant:boolean:true
dbus-send --session --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
  string:org.a11y.Status string:ScreenReaderEnabled variant:boolean:true
"$game" --open menu --lang en --size 800x600 &
ludo=$!
/usr/bin/python3 "$here/atspi-menu.py" "New table" "Play online" "Rules" "Settings" "Quit" > "$out" && status=0 || status=$?
cat "$out"
exit $status
INNER
