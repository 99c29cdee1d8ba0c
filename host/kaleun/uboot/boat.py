"""Own boat: kept importable here; the implementation lives in `kaleun.uboot.sea.boat`."""

from kaleun.uboot.sea.boat import BOAT, TELEGRAPH, TELEGRAPH_NAMES, Boat, _distance

__all__ = ["BOAT", "TELEGRAPH", "TELEGRAPH_NAMES", "Boat", "_distance"]
