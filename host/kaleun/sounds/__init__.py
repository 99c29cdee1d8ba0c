"""Sounds synthesised by Kaleun itself (nothing is downloaded)."""
