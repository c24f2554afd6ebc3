#!/bin/sh
# Answers every request with a line that is not UTF-8.
while read -r _; do printf '\377\376\n'; done
