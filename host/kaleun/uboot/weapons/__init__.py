"""The boat's weapons (rulebook §7.5.3, §8.4, §9.2): torpedo tubes and stores, the TDC, the attack
disc, the 88 mm gun and the 20 mm gun (the flak) — the `weapons` engine module and its pure helpers.

The sea carries out what leaves the boat (`uboot/sea/torpedo_run.py`: torpedoes in the water;
`uboot/sea/shipdamage.py`: ships hit, stopped, sinking); this package holds what the crew works.
"""
