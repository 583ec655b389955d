"""The person's own seat name: the one name the page offers for the person's seat, kept in a game
in English (the catalogue's source) so that a seat so named is always known to be the person's,
and a game begun in one language reads right in another. Below the page, so what counts games
(thousand.statistics) knows the person's seat too; every other name is shown as it was typed or
offered."""
from thousand.i18n import N_, _

OWN_NAME = N_("You")


def shown_name(name: str, human: bool = True) -> str:
    """A seat's name as the page shows it: the default name of a person's seat in the language
    in use, any other name as it is."""
    return _(OWN_NAME) if human and name == OWN_NAME else name


def is_own_name(name: str) -> bool:
    """A name that is the person's own default one (in any language the page was in when it
    was given), e.g. for a sentence of its own ("You won" beside "{name} won")."""
    return name == OWN_NAME or name == _(OWN_NAME)
