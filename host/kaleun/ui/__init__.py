"""Front ends: the pygame window (the simulated table) and the text console."""
