#!/usr/bin/env python3
"""Fails unless the PNG exists, has a sane size and is not one flat colour (a blank window).

Standard library only: decodes the PNG's IDAT stream with zlib and samples the bytes.
"""
import struct
import sys
import zlib


def main(path: str) -> int:
    try:
        data = open(path, "rb").read()
    except OSError as e:
        print(f"{path}: no screenshot: {e}", file=sys.stderr)
        return 1
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        print(f"{path}: not a PNG", file=sys.stderr)
        return 1
    width, height = struct.unpack(">II", data[16:24])
    idat = b""
    pos = 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    distinct = len(set(raw[:: max(1, len(raw) // 50000)]))
    print(f"{path}: {width}x{height}, {distinct} distinct sampled byte values")
    if width < 320 or height < 240:
        print(f"{path}: expected at least 320x240", file=sys.stderr)
        return 1
    if distinct < 4:
        print(f"{path}: the image is blank", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
