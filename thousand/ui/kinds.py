"""The two games the page plays, each described in one place: its engine, record, seat views,
conventions catalogue and presets, computer players, session, words and news, screens, and the
words that differ between them where the page speaks of games in general (Finished games,
Statistics, an import's plan).

A screen that serves both games asks the game's `GameKind` rather than comparing its name; a
new game kind is one more `GameKind` here (and its engine, session, words, news and screens).
Everything named is imported only when first asked for, so the page starts without loading a
game it does not show."""
import importlib
from collections import namedtuple
from dataclasses import dataclass

from thousand.i18n import N_


_ENGINES = {}  # a kind's Engine, once loaded


# A game's rules as the page uses them: `game` (new_game, to_act, legal_actions, apply), `record`
# (new_record, log_action, replay), `make_bot(name, seed)` (a computer player that sees one seat's
# view), `seat_view(state, seat)` (what one seat may see), `catalogue` (conventions and presets).
# (A namedtuple, not typing.NamedTuple: the page starts without importing typing.)
Engine = namedtuple("Engine", "game record make_bot seat_view catalogue")


@dataclass(frozen=True)
class GameKind:
    name: str            # a save's "game", the store's kind, Statistics' line
    package: str         # the engine: game, record, views, catalogue modules
    bots: str            # its computer players' factory in thousand.bots
    session: str         # its Session class, in thousand.ui.session
    words: str           # its words on the page
    news: str            # what its table says and sounds of each move (news, lines, sound_of)
    play_screen: str     # where a game of it is played
    new_screen: str      # where one is set up (and its history entry made)
    conventions_key: str  # where the conventions screen keeps its place for it
    conventions_dom: str  # its groups' DOM ids (the catalogues share group ids: "barrel")
    fixed: str | None    # a convention that follows the seats, not the house rules
    title: str           # "Card games": Finished games, Statistics
    game_title: str      # "Card game": the conventions screen's switch
    unit: str            # a history entry's length field counts these
    replays: bool        # a finished game's deals can be watched again (the replay screen)
    # what the page says of a game of this kind in general
    unreadable: str
    opened: str
    reset_question: str
    replaces: str
    adds: str

    def engine(self) -> Engine:
        if self.name in _ENGINES:
            return _ENGINES[self.name]

        def part(name):
            return importlib.import_module(f"{self.package}.{name}")
        bots = importlib.import_module("thousand.bots")
        _ENGINES[self.name] = Engine(part("game"), part("record"), getattr(bots, self.bots),
                                     part("views").seat_view, part("catalogue").CATALOGUE)
        return _ENGINES[self.name]

    def session_class(self):
        module, name = self.session.split(":")
        return getattr(importlib.import_module(module), name)

    def words_module(self):
        return importlib.import_module(self.words)

    def news_module(self):
        return importlib.import_module(self.news)


CARDS = GameKind(
    name="cards", package="thousand.cards", bots="make_bot",
    session="thousand.ui.session:CardSession", words="thousand.ui.card_words",
    news="thousand.ui.table_news", play_screen="table", new_screen="new",
    conventions_key="conventions", conventions_dom="conv-group-", fixed="player_count",
    title=N_("Card games"), game_title=N_("Card game"), unit="deals", replays=True,
    unreadable=N_("Your saved card game could not be read ({error})."),
    opened=N_("{name} was opened: a card game's record."),
    reset_question=N_("Reset the card game statistics? The finished games stay in the history; "
                      "only games finished from now on are counted."),
    replaces=N_("replace your card game in progress (deal {n})"),
    adds=N_("add a card game in progress (deal {n})"))

DICE = GameKind(
    name="dice", package="thousand.dice", bots="make_dice_bot",
    session="thousand.ui.session:DiceSession", words="thousand.ui.dice_words",
    news="thousand.ui.dice_news", play_screen="dice", new_screen="dice_new",
    conventions_key="conventions_dice", conventions_dom="conv-group-dice-", fixed=None,
    title=N_("Dice games"), game_title=N_("Dice game"), unit="turns", replays=False,
    unreadable=N_("Your saved dice game could not be read ({error})."),
    opened=N_("{name} was opened: a dice game's record."),
    reset_question=N_("Reset the dice game statistics? The finished games stay in the history; "
                      "only games finished from now on are counted."),
    replaces=N_("replace your dice game in progress (turn {n})"),
    adds=N_("add a dice game in progress (turn {n})"))

KINDS = (CARDS, DICE)
NAMES = tuple(k.name for k in KINDS)
_BY_NAME = {k.name: k for k in KINDS}
_BY_PLAY_SCREEN = {k.play_screen: k for k in KINDS}


def kind_of(name) -> GameKind | None:
    """The game kind called `name` ("cards", "dice"), or None for anything else."""
    return _BY_NAME.get(name) if isinstance(name, str) else None


def played_on(screen) -> GameKind | None:
    """The game kind whose play screen `screen` is, or None."""
    return _BY_PLAY_SCREEN.get(screen)
