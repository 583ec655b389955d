"""The baseline: a uniformly random legal action."""


class RandomBot:
    name = "random"

    def __init__(self, rnd):
        self.rnd = rnd

    def choose(self, view: dict) -> dict:
        return self.rnd.choice(view["legal"])
