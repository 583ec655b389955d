"""Matches: computer players seated against each other, above both the engines and the bots.

A match in Thousand is a series of games between the same players. Here the players are bots:
`card_games` and `dice_games` play friendly games (the `simulate` command), `tournament` plays
duplicate card games and deals with the seats rotated over every arrangement of two kinds of
player (the `tournament` command). The engines (thousand.cards, thousand.dice) know nothing of
bots; the bots know only seat views; only this package brings the two together."""
