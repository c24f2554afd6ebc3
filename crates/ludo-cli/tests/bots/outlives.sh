#!/bin/sh
# Writes its pid where it is told, answers "0" until its input closes, then lingers.
echo $$ > "$1"
while read -r _; do echo 0; done
sleep 100000
