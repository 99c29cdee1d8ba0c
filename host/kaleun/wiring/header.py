"""The Raspberry Pi's 40-pin header: BCM GPIO number → physical pin, and the power pins."""

from __future__ import annotations

GPIO_TO_PIN = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19, 9: 21,
    25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35, 16: 36, 26: 37,
    20: 38, 21: 40,
}
GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
PIN_3V3 = (1, 17)
PIN_5V = (2, 4)

PI_NAMES = {"pi3": "Raspberry Pi 3 Model B+", "pi4": "Raspberry Pi 4 Model B", "pi5": "Raspberry Pi 5",
            "zero2w": "Raspberry Pi Zero 2 W", "none": "Raspberry Pi (model not set)"}
