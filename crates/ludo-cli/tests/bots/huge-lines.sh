#!/bin/sh
# Answers every request with a 3 MB line.
while read -r _; do head -c 3000000 /dev/zero | tr '\0' x; echo; done
