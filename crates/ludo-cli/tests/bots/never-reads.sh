#!/bin/sh
# Never reads its input, never answers.
exec sleep 100000
