"""Errors a player or a file can cause; each names what was wrong so it can be shown as is."""
from thousand.i18n import N_


class Phrase(str):
    """A piece of an engine's words that is not itself an error: why a bid or a stop is refused,
    a value's description put into a message. It is the English text (so it
    prints, compares, is stored and written to JSON as a plain string) and, like ThousandError,
    carries its template and values, so the page words it in the player's language
    (thousand.i18n.reason). An error given a Phrase as its message takes its template and values."""

    def __new__(cls, template: str, *, rule: str | None = None, facts: dict | None = None,
                **values):
        """`rule` and `facts`: for a rule's refusal, which rule it is ("must_follow") and the
        data it is about ({"suit": "H"}), so the page can word it whole, in the player's grammar,
        without reading the English back (thousand/ui/card_words.py)."""
        self = super().__new__(cls, _fill(template, values))
        self.template, self.values = template, values
        self.code, self.facts = rule, dict(facts or {})
        return self

    def __reduce__(self):  # a copied or pickled view keeps the template
        return _phrase, (self.template, self.values, self.code, self.facts)


def _phrase(template, values, rule=None, facts=None):
    return Phrase(template, rule=rule, facts=facts, **values)


class Verbatim(str):
    """A value put into a message as it is, never looked up in a catalogue: a name a person
    typed ("Vera" stays "Vera" in Russian, though the name offered by default is translated)."""


class ThousandError(ValueError):
    """Base of every error the engine raises on purpose.

    It carries its reason as an English template and the values put in it (the template is its
    code: the page looks it up in the player's language, thousand.i18n.reason); str() is the
    English sentence the command line prints. Templates are marked with N_ where they are
    written: `IllegalAction(N_("it is seat {seat}'s turn"), seat=2)`."""

    def __init__(self, message: str = "", **values):
        self.template, self.values = _unwrap(message, values)
        # which rule refused, and about what (a Phrase's code and facts), else None and {}
        self.code, self.facts = getattr(message, "code", None), getattr(message, "facts", {})
        super().__init__(_fill(self.template, self.values))


class IllegalAction(ThousandError):
    """An action that the rules do not allow now; the state it was tried on is unchanged."""


class BadInput(ThousandError):
    """A damaged record, sheet or setting; `where` names the field or action index. `detail` is
    the reason without the field, a Phrase (the page words it with reason() too)."""

    def __init__(self, where: str, message: str, **values):
        self.template, self.values = _unwrap(message, values)
        detail = Phrase(self.template, **self.values)
        ValueError.__init__(self, f"{where}: {detail}" if where else str(detail))
        self.where = where
        self.detail = detail


def _unwrap(message, values: dict) -> tuple:
    if isinstance(message, Phrase):
        return message.template, {**message.values, **values}
    return message, values


def _fill(template: str, values: dict) -> str:
    try:
        return template.format_map(values) if values else template
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def words_of(error) -> Phrase:
    """All an error says (str(error), with the field it names) as a Phrase, to be put into
    another error's message without losing its template."""
    template = getattr(error, "template", None)
    inner = Phrase(template, **error.values) if template else Phrase(str(error))
    where = getattr(error, "where", "")
    return Phrase(N_("{where}: {problem}"), where=where, problem=inner) if where else inner


def kind_of(value) -> str:
    """A value's kind in the words of JSON, for messages (never the value itself: it may be a
    5,000-digit number or a list nested thousands deep). The words are catalogue messages: put
    into an error's values, the page translates them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return N_("a whole number")
    if isinstance(value, float):
        return N_("a number with a fraction")
    if isinstance(value, str):
        return N_("text")
    if isinstance(value, (list, tuple)):
        return N_("a list")
    if isinstance(value, dict):
        return N_("an object")
    return type(value).__name__


def shown(value) -> str:
    """A value given in an action, as a message may quote it: short text and numbers as they are,
    anything long or nested by its kind (str() of a 5,000-digit number even raises)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else \
            Phrase(N_("a text of {count} characters"), count=len(value))
    if is_whole(value):
        return str(value) if abs(value) < 10 ** 15 else N_("a number too large for any action")
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
        raise IllegalAction(N_("an action is an object with a 'type'"))
    if over:
        raise IllegalAction(N_("the game is over"))
    given = action.get("seat")
    if not is_whole(given):
        raise IllegalAction(N_("it is seat {seat}'s turn (an action's seat is a seat number, "
                               "not {kind})"), seat=seat, kind=kind_of(given))
    if given != seat:
        raise IllegalAction(N_("it is seat {seat}'s turn, not seat {given}'s"),
                            seat=seat, given=shown(given))
