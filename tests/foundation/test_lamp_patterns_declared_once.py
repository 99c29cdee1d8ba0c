"""One place to extend: the lamp patterns are declared once, in `PATTERNS` of the hub firmware's
lamps module (host/README.md, "Extending Kaleun", a lamp scene); no other firmware module keeps a
list of them that a maker adding a pattern would have to find (or would be misled by)."""

from __future__ import annotations

import re

from kit import ROOT


def test_no_firmware_module_but_lamps_lists_the_patterns():
    declaring = sorted(path.name for path in (ROOT / "firmware" / "lib" / "kaleun_hub").glob("*.py")
                       if re.search(r"^PATTERNS\s*=", path.read_text(encoding="utf-8"), re.M))
    assert declaring == ["lamps.py"]
