"""Languages benchmark (plain script; prints figures).

1. The first use of a language: compiling its `.po` into the cache (a fresh install, once), and
   loading the compiled catalogue (every later start).
2. Rendering feed lines: every message of the night attack on the convoy battle exercise rendered
   in German and in Russian (numbers with the language's signs), per line.
3. The glyph check: every character of a catalogue rendered in the table's font (`missing_glyphs`).
Targets: a start pays at most a few milliseconds for its language; a feed line renders in well
under a millisecond (the window draws feed lines at 60 frames a second only when they change).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / "host"), str(HERE.parents[1] / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from babel.messages.pofile import read_po  # noqa: E402
from i18n.feeds import messages, play_uboot  # noqa: E402
from kaleun.fonts import font, missing_glyphs  # noqa: E402
from kaleun.i18n import catalogue_path, language  # noqa: E402


def first_use(code: str) -> tuple[float, float]:
    """(compile + load, load) in ms, with an empty cache folder."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["KALEUN_HOME"] = home
        language.cache_clear()
        t0 = time.perf_counter()
        language(code)
        cold = time.perf_counter() - t0
        language.cache_clear()
        t0 = time.perf_counter()
        language(code)
        warm = time.perf_counter() - t0
        language.cache_clear()
        del os.environ["KALEUN_HOME"]
    return cold * 1000, warm * 1000


def main() -> None:
    for code in ("de", "ru"):
        cold, warm = first_use(code)
        print(f"{code}: first use (compile the .po and load) {cold:.1f} ms; later starts (load the .mo) {warm:.2f} ms")

    found = messages(play_uboot("weapons/scripts/night_attack.jsonl", "exercise_convoy_battle"))
    for code in ("en", "de", "ru"):
        lang = language(code)
        times = []
        for _ in range(20):
            t0 = time.perf_counter()
            for msg in found:
                lang.render(msg)
            times.append((time.perf_counter() - t0) / len(found))
        print(f"{code}: {len(found)} messages of the night attack, {statistics.median(times) * 1e6:.1f} µs per message "
              f"(median of 20 rounds)")

    import pygame

    pygame.font.init()
    for code in ("de", "ru"):
        with open(catalogue_path(code), "rb") as fh:
            text = "".join(m.string if isinstance(m.string, str) else "".join(m.string) for m in read_po(fh) if m.id)
        t0 = time.perf_counter()
        missing = missing_glyphs(text, font(22))
        took = time.perf_counter() - t0
        print(f"{code}: glyph check of {len(set(text))} characters in {took * 1000:.0f} ms, missing {missing}")


if __name__ == "__main__":
    main()
