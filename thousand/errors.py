"""Errors a player or a file can cause; each names what was wrong so it can be shown as is."""


class ThousandError(ValueError):
    """Base of every error the engine raises on purpose.

    It carries its reason as an English template and the values put in it (the template is its
    code: the page looks it up in the player's language, thousand.i18n.reason); str() is the
    English sentence the command line prints. Templates are marked with N_ where they are
    written: `IllegalAction(N_("it is seat {seat}'s turn"), seat=2)`."""

    def __init__(self, message: str = "", **values):
        self.template = message
        self.values = values
        super().__init__(_fill(message, values))


class IllegalAction(ThousandError):
    """An action that the rules do not allow now; the state it was tried on is unchanged."""


class BadInput(ThousandError):
    """A damaged record, sheet or setting; `where` names the field or action index."""

    def __init__(self, where: str, message: str, **values):
        detail = _fill(message, values)
        ValueError.__init__(self, f"{where}: {detail}" if where else detail)
        self.template, self.values = message, values
        self.where = where
        self.detail = detail


def _fill(template: str, values: dict) -> str:
    try:
        return template.format_map(values) if values else template
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def kind_of(value) -> str:
    """A value's kind in the words of JSON, for messages (never the value itself: it may be a
    5,000-digit number or a list nested thousands deep)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def shown(value) -> str:
    """A value given in an action, as a message may quote it: short text and numbers as they are,
    anything long or nested by its kind (str() of a 5,000-digit number even raises)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else f"a text of {len(value)} characters"
    if is_whole(value):
        return str(value) if abs(value) < 10 ** 15 else "a number too large for any action"
    if isinstance(value, list) and len(value) <= 8 and \
            all(is_whole(v) and abs(v) < 1000 for v in value):
        return str(value)
    return kind_of(value)


def is_whole(value) -> bool:
    """A JSON integer: not true/false, not 2.0."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_turn(action, *, over: bool, seat) -> None:
    """What every action of either game must be before its rules are asked: an object with a
    type, in a game still going, from the seat whose turn it is (a JSON true is not seat 1, nor
    2.0 seat 2)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is an object with a 'type'")
    if over:
        raise IllegalAction("the game is over")
    given = action.get("seat")
    if not is_whole(given):
        raise IllegalAction(f"it is seat {seat}'s turn (an action's seat is a seat number, "
                            f"not {kind_of(given)})")
    if given != seat:
        raise IllegalAction(f"it is seat {seat}'s turn, not seat {shown(given)}'s")
