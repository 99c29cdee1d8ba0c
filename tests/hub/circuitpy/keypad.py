"""Stand-in for CircuitPython's `keypad`: `Keys` claims its pins and queues key events;
tests press a key with `press(key_number)` (a press and its release, as the background scan
would queue them)."""

import digitalio


class Event:
    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class EventQueue:
    def __init__(self):
        self.queued = []

    def get(self):
        return self.queued.pop(0) if self.queued else None

    def __len__(self):
        return len(self.queued)


class Keys:
    def __init__(self, pins, value_when_pressed, pull=True, interval=0.02, max_events=64):
        for pin in pins:
            digitalio.claim(pin, self)
        self.pins = list(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.key_count = len(self.pins)
        self.events = EventQueue()

    def press(self, key_number):
        self.events.queued.append(Event(key_number, True))
        self.events.queued.append(Event(key_number, False))
