"""Game-agnostic, pure and deterministic core: clock, random generator, events, engine.

Nothing in this package (or in a game's rules package) may import pygame, serial,
gpiozero, blinka, threading or read the wall clock.
"""
