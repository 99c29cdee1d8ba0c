"""U-BOOT: The Board Game — the rules as pure game modules plus data files."""
