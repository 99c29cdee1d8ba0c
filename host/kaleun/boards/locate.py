"""Find the line of a key in a TOML file (tomllib keeps no positions).

Good enough for board files: table headers, arrays of tables, dotted and quoted keys,
inline tables on one line. Unknown paths fall back to the nearest enclosing table.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+))*)\s*=""")
_INLINE_KEY = re.compile(r"""[{,]\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)\s*=""")


def _split(dotted: str) -> tuple[str, ...]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_\-]+)', dotted)
    return tuple(a or b or c for a, b, c in parts)


class KeyLines:
    def __init__(self, text: str) -> None:
        self.lines: dict[tuple[str | int, ...], int] = {}
        table: tuple[str | int, ...] = ()
        counts: dict[tuple[str | int, ...], int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header and not _KEY.match(line):
                path: tuple[str | int, ...] = _split(header.group(2))
                if header.group(1) == "[[":
                    index = counts.get(path, 0)
                    counts[path] = index + 1
                    self.lines.setdefault(path, number)
                    table = (*path, index)
                else:
                    table = path
                for end in range(1, len(table) + 1):  # [a.b] also defines a
                    self.lines.setdefault(tuple(table[:end]), number)
                continue
            key = _KEY.match(line)
            if key:
                path = (*table, *_split(key.group(1)))
                self.lines.setdefault(path, number)
                for inner in _INLINE_KEY.finditer(line):
                    self.lines.setdefault((*path, *_split(inner.group(1))), number)

    def line(self, path: tuple[str | int, ...]) -> int:
        for end in range(len(path), -1, -1):
            found = self.lines.get(tuple(path[:end]))
            if found is not None:
                return found
        return 1
