"""The names the page offers for seats, kept in a game in English (the catalogue's source) and
shown in the language in use: the person's own seat ("You"), so that a seat so named is always
known to be the person's, and the computer players' (Борис, Вера in Russian), so that a game begun
in one language reads right in another. Below the page, so what counts games (thousand.statistics)
knows the person's seat too; a name the player typed is kept and shown as typed."""
from thousand.i18n import N_, _

OWN_NAME = N_("You")
# The dice game's history (and its New-game screen) once kept that name as shown, in the language
# of the day: the catalogues' words for it, so those entries still read as the person's seat in
# any language (tests/test_ui_names.py checks every catalogue's word is here).
OWN_NAME_SHOWN_BEFORE = frozenset({"Вы", "Ви", "Ty", "Εσείς", "Tu", "나", "คุณ"})
# The names the New-game screens offer the other seats.
OFFERED_NAMES = (N_("Boris"), N_("Vera"), N_("Gleb"), N_("Dasha"), N_("Egor"), N_("Zina"),
                 N_("Ilya"))


def shown_name(name: str, human: bool = True) -> str:
    """A seat's name as the page shows it: the names the page offers in the language in use,
    any other name as it is."""
    if human and (name == OWN_NAME or name in OWN_NAME_SHOWN_BEFORE):
        return _(OWN_NAME)
    return _(name) if name in OFFERED_NAMES else name


def stored_name(name: str) -> str:
    """A name as the setup keeps it: one the page offers, shown in the language in use (older
    setups kept it so), back to its English key; any other name as it is."""
    return next((key for key in OFFERED_NAMES if name == _(key)), name)


def is_own_name(name: str) -> bool:
    """A name that is the person's own default one (in any language the page was in when it
    was given), e.g. for a sentence of its own ("You won" beside "{name} won")."""
    return name == OWN_NAME or name == _(OWN_NAME) or name in OWN_NAME_SHOWN_BEFORE
