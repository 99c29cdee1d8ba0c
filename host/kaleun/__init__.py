"""Kaleun: the table controller for U-BOOT: The Board Game."""

__version__ = "0.1.0"
