"""Dice "1000" (dice.md): conventions catalogue and presets, roll scoring, the turn state machine,
end-of-turn resolution, bots, records and simulation."""
