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
#: each model's official power supply (Raspberry Pi documentation, "Power supply": the Pi 5 wants
#: 5 A, and gives its USB ports only 600 mA on a 3 A supply; a Pi 3 B+ or Zero 2 W 2.5 A)
PI_SUPPLIES = {"pi3": "5.1 V, 2.5 A, micro-USB", "pi4": "5.1 V, 3 A", "pi5": "5.1 V, 5 A, USB-C",
               "zero2w": "5.1 V, 2.5 A, micro-USB", "none": "5.1 V, 3 A"}

#: Raspberry Pi Pico: GPIO name -> physical pin (the board's 40 castellated pins)
PICO_PIN = {
    "GP0": 1, "GP1": 2, "GP2": 4, "GP3": 5, "GP4": 6, "GP5": 7, "GP6": 9, "GP7": 10, "GP8": 11, "GP9": 12,
    "GP10": 14, "GP11": 15, "GP12": 16, "GP13": 17, "GP14": 19, "GP15": 20, "GP16": 21, "GP17": 22,
    "GP18": 24, "GP19": 25, "GP20": 26, "GP21": 27, "GP22": 29, "GP26": 31, "GP27": 32, "GP28": 34,
}
PICO_GROUND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)
PICO_3V3 = 36
PICO_VSYS = 39
PICO_VBUS = 40
