"""The console's fingers and eyes (text readable from 1 m) and the boat drawing shows each
section's conditions: a section whose lights failed (§10.3.3) is drawn dark, and its name was
drawn in the same dark brown as on a lit section, 2.5:1 against it. Its name is now in light letters,
at least 4.5:1 (WCAG's contrast for text)."""

from __future__ import annotations

from collections import Counter

from window.fingers import Table_


def luminance(color: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_10_3_3_a_dark_sections_name_reads_on_it() -> None:
    table = Table_(mission="exercise_convoy", seed=0)
    table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "light_failure", "section": 2})
    table.window.dismiss_alarms()
    surface = table.render()
    rect = table.target("section.2").rect
    # the label's strip: the section's fill and the letters are its two commonest colours
    strip = Counter(tuple(surface.get_at((x, y))[:3]) for x in range(rect.x + 4, rect.x + rect.w // 2)
                    for y in range(rect.y + 2, rect.y + 20))
    (fill, _), (letters, _) = strip.most_common(2)
    assert contrast(fill, letters) >= 4.5, (fill, letters)
