"""Card Thousand: the pure rules engine (no DOM, no I/O, no clock, no global random)."""
