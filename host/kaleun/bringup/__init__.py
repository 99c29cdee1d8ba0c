"""Bringing a built table up part by part: `kaleun hw check`."""
