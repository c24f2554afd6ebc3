#!/usr/bin/env python3
"""Cuts egui's own fonts (from the epaint_default_fonts crate in cargo's registry) down to the
scripts and symbols the game draws, into src/theme/fonts/, where the game builds them in.
egui's full set is 1.4 MB of the browser download; the cut is about a tenth of that.

- Ubuntu Light (Ubuntu Font Licence): every Latin letter (so any player's name), punctuation,
  currency, arrows and the maths signs.
- Hack (MIT and Bitstream Vera licences), for the monospace file names in problem notes:
  Latin-1, punctuation, arrows and geometric shapes (the only font with the seat marks □ △,
  so it is also the last fallback of ordinary text).
- Noto Emoji (SIL Open Font License) and emoji-icon-font (MIT): the symbol blocks
  U+2000–U+2BFF (arrows, shapes such as the seat marks ○ □ △ ✚, egui's ⏵, dingbats); of the
  pictographs only the reactions' (`ludo_proto::Reaction::emoji`: 👍 😂 😮 😢), and no
  private-use icons.

Needs fontTools (`apt-get install python3-fonttools`) and a cargo registry that holds
epaint_default_fonts (any `cargo build` of the game fetches it). Run it again after upgrading
egui: `python3 scripts/make-ui-fonts.py`.
"""
import glob
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "theme" / "fonts"

LATIN = "U+0020-024F,U+0300-036F,U+1E00-1EFF,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2200-22FF"
SYMBOLS = "U+2000-2BFF"
# The emoji reactions (ludo_proto::Reaction::emoji), besides ❤ among the symbols.
REACTIONS = "U+1F44D,U+1F602,U+1F622,U+1F62E"
FONTS = [
    # (source in epaint_default_fonts, output, licence file, Unicode ranges)
    ("Ubuntu-Light.ttf", "Ubuntu-Light-ludo.ttf", "UFL.txt", LATIN),
    ("Hack-Regular.ttf", "Hack-Regular-ludo.ttf", "Hack-Regular.txt",
     "U+0020-00FF,U+2000-206F,U+2190-21FF,U+25A0-25FF"),
    ("NotoEmoji-Regular.ttf", "NotoEmoji-Regular-ludo.ttf", "OFL.txt", f"{SYMBOLS},{REACTIONS}"),
    ("emoji-icon-font.ttf", "emoji-icon-font-ludo.ttf", "emoji-icon-font-mit-license.txt", SYMBOLS),
]


def main():
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is missing: the committed fonts are kept", file=sys.stderr)
        return 1
    found = sorted(glob.glob(str(Path.home() / ".cargo/registry/src/*/epaint_default_fonts-*/fonts")))
    if not found:
        print("epaint_default_fonts is not in cargo's registry: build the game once", file=sys.stderr)
        return 1
    source_dir = Path(found[-1])
    OUT.mkdir(parents=True, exist_ok=True)
    for source, name, licence, ranges in FONTS:
        target = OUT / name
        subprocess.run([sys.executable, "-m", "fontTools.subset", str(source_dir / source),
                        f"--unicodes={ranges}", f"--output-file={target}",
                        "--layout-features=*", "--no-hinting", "--desubroutinize"],
                       check=True)
        shutil.copy(source_dir / licence, OUT / (Path(name).stem + ".LICENSE.txt"))
        print(f"{name}: {(source_dir / source).stat().st_size} -> {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
