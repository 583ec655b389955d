"""Card play by search (issue 9): a compact simulator of the trick play (`position`, `playout`),
a double-dummy solver (`solver`), deals sampled from a seat's view (`sampling`) and the player
that puts them together (`player.SearchPlayer`, PIMC). Everything sees only one seat's view;
the engine stays the referee."""
