#!/usr/bin/env python3
"""Cuts the fonts for the scripts egui's own fonts lack down to the characters the
translations in assets/lang/*.ftl use, into assets/lang/fonts/, so the browser download stays
small. Run it again after changing a translation: `python3 scripts/make-lang-fonts.py`.

- Arabic: Noto Sans Arabic (SIL Open Font License) from Debian's fonts-noto-core. Its shaping
  tables (the joining forms) are kept for the letters used.
- Chinese: Droid Sans Fallback (Apache License 2.0) from Debian's fonts-droid-fallback.

Needs fontTools (`apt-get install python3-fonttools fonts-noto-core fonts-droid-fallback`);
prints the bytes each font adds.
"""
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANG = ROOT / "assets" / "lang"
OUT = LANG / "fonts"

FONTS = [
    # (output, source, licence file, which characters it draws)
    ("NotoSansArabic-ludo.ttf", "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
     "/usr/share/doc/fonts-noto-core/copyright",
     lambda c: 0x0600 <= ord(c) <= 0x06FF or 0xFB50 <= ord(c) <= 0xFEFF),
    ("DroidSansFallback-ludo.ttf", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
     "/usr/share/doc/fonts-droid-fallback/copyright",
     lambda c: ord(c) >= 0x2E80 and not (0xFB50 <= ord(c) <= 0xFEFF)),
]


def used_characters():
    chars = set()
    for f in sorted(LANG.glob("*.ftl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("#"):
                continue
            chars.update(line)
    return chars


def main():
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is missing: the committed fonts are kept", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    chars = used_characters()
    for name, source, licence, draws in FONTS:
        mine = sorted(c for c in chars if draws(c))
        text = "".join(mine)
        target = OUT / name
        subprocess.run([sys.executable, "-m", "fontTools.subset", source,
                        f"--text={text}", f"--output-file={target}",
                        "--layout-features=*", "--no-hinting", "--desubroutinize"],
                       check=True)
        shutil.copy(licence, OUT / (Path(name).stem + ".LICENSE.txt"))
        print(f"{name}: {len(mine)} characters, {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
