"""Ports: the small interfaces between the table's hardware and the runtime.

Each port has a simulated adapter (`sim`) and a real one (`gpio` with gpiozero, `sound`
with pygame, `neopixel` with Adafruit's driver, the deck hub over pyserial).
"""
