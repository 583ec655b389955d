"""Errors a player or a file can cause; each names what was wrong so it can be shown as is."""


class ThousandError(ValueError):
    """Base of every error the engine raises on purpose."""


class IllegalAction(ThousandError):
    """An action that the rules do not allow now; the state it was tried on is unchanged."""


class BadInput(ThousandError):
    """A damaged record, sheet or setting; `where` names the field or action index."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message


def check_turn(action, *, over: bool, seat) -> None:
    """What every action of either game must be before its rules are asked: an object with a
    type, in a game still going, from the seat whose turn it is (a JSON true is not seat 1)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is an object with a 'type'")
    if over:
        raise IllegalAction("the game is over")
    if action.get("seat") != seat or isinstance(action.get("seat"), bool):
        raise IllegalAction(f"it is seat {seat}'s turn, not seat {action.get('seat')}'s")
