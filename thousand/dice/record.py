"""Dice game records: a whole game as JSON (conventions, players, seed, every action), and its
replay. The format is documented in docs/dice-records.md."""
import json

from thousand import aids
from thousand.dice import game
from thousand.dice.catalogue import CATALOGUE
from thousand.errors import BadInput, IllegalAction, is_whole, words_of
from thousand.i18n import N_
from thousand.limits import check_limits

FORMAT = "thousand-record"
GAME = "dice"
VERSION = 1
END_NAMES = {"R": "recorded", "Z": "zero", "D": "dump", "W": "win", "O": "overshoot",
             "I": "instant_win", "P": "pooled"}
_HEAD = ("format", "version", "game", "schema_version", "preset", "overrides", "conventions",
         "players", "seed", "first_player", "names", "start", "actions", *aids.FIELDS)


def new_record(conv: dict, *, players: int, preset: str | None = None, seed: int = 0,
               first_player: int | None = None, names=None, start=None) -> dict:
    """An empty record for a game about to start; `log_action` fills it. Without `first_player`
    the replay finds the first player from the seed, as `new_game` did."""
    rec = {"format": FORMAT, "version": VERSION, **CATALOGUE.to_json(conv, preset),
           "players": players, "seed": seed}
    if first_player is not None:
        rec["first_player"] = first_player
    if names:
        rec["names"] = list(names)
    if start is not None:
        rec["start"] = start  # a game carried on from paper (thousand.dice.paper)
    rec["actions"] = []
    return rec


def log_action(record: dict, action: dict) -> None:
    """Append an action that `game.apply` accepted, in place."""
    record["actions"].append(dict(action))


def conventions_of(record: dict, where: str = "") -> dict:
    """The full conventions of a record (preset + overrides, or an explicit dict)."""
    return CATALOGUE.from_record(record, where)


def start(record) -> tuple[dict, dict]:
    """Check the record's head and return (conventions, a new game state)."""
    if not isinstance(record, dict):
        raise BadInput("record", N_("must be a JSON object"))
    check_limits(record)
    for key in record:
        if key not in _HEAD:
            raise BadInput(key, N_("unknown field in a dice record"))
    if record.get("format") != FORMAT:
        raise BadInput("format", N_("must be '{format}'"), format=FORMAT)
    version = record.get("version")
    if not is_whole(version) or version < 1:
        raise BadInput("version", N_("must be a positive whole number"))
    if version > VERSION:
        raise BadInput("version", N_("this record was made by a newer version (format version "
                                     "{version}; this program reads up to {reads})"),
                       version=version, reads=VERSION)
    if record.get("game") != GAME:
        raise BadInput("game", N_("this is not a dice-game record"))
    conv = conventions_of(record)
    n = record.get("players")
    if not is_whole(n) or not 1 <= n <= game.MAX_PLAYERS:
        raise BadInput("players", N_("must be a whole number from 1 to {most}"),
                       most=game.MAX_PLAYERS)
    seed = record.get("seed", 0)
    if not is_whole(seed):
        raise BadInput("seed", N_("must be a whole number"))
    first = record.get("first_player")
    if first is not None and (not is_whole(first) or not 0 <= first < n):
        raise BadInput("first_player", N_("must be a seat from 0 to {last}"), last=n - 1)
    names = record.get("names")
    if names is not None and (not isinstance(names, list) or len(names) != n
                              or not all(isinstance(x, str) for x in names)):
        raise BadInput("names", N_("must be a list of {n} names"), n=n)
    if not isinstance(record.get("actions"), list):
        raise BadInput("actions", N_("must be a list"))
    aids.check(record, n)
    return conv, game.new_game(conv, seed, n, first, record.get("start"))


def replay(record: dict) -> dict:
    """Replay a whole record; returns each turn's result and the final scores as plain data
    (and the final `state`, which the command line leaves out). Raises BadInput naming the field
    or the action index of the first problem."""
    conv, state = start(record)
    for i, action in enumerate(record["actions"]):
        where = f"actions[{i}]"
        if not isinstance(action, dict):
            raise BadInput(where, N_("must be an object with a type and a seat"))
        if state["phase"] == "game_over":
            raise BadInput(where, N_("the game was already over"))
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise BadInput(where, N_("illegal action {action}: {problem}"),
                           action=_shown(action), problem=words_of(exc)) from None
        except Exception as exc:  # noqa: BLE001
            # the engine refuses wrong actions itself (IllegalAction); should one slip past it,
            # the record is still reported as damaged at this action, never as a crash
            raise BadInput(where, N_("the action {action} cannot be applied ({error}: {words})"),
                           action=_shown(action), error=type(exc).__name__,
                           words=str(exc)[:120]) from None
    return {"game": GAME, "players": state["n"], "first_player": state["first_player"],
            "roll_off": state["roll_off"], "turns": [turn_result(t) for t in state["turns"]],
            "final": final_result(state), "state": state}


def _shown(action) -> str:
    text = json.dumps(action)
    return text if len(text) <= 200 else text[:200] + "…"


def turn_result(t: dict) -> dict:
    return {
        "turn": t["number"], "seat": t["seat"], "s0": t["s0"], "points": t["points"],
        "end": END_NAMES[t["end"]],
        "rolls": [_roll_result(r) for r in t["rolls"]],
        "scores": t["scores"], "deltas": t["deltas"],
        "events": [{k: e[k] for k in e if k != "turn"} for e in t["events"]],
    }


def _roll_result(r: dict) -> dict:
    if "entered" in r:
        return {"entered": r["entered"]}
    out = {"dice": r["dice"], "kept": r["kept"], "points": r["points"], "text": r["text"],
           "total": r["T"]}
    for flag in ("hot", "retry", "confirmation"):
        if r.get(flag):
            out[flag] = True
    if r.get("lost"):
        out["lost"] = r["lost"]
    return out


def final_result(state: dict) -> dict:
    over = state["phase"] == "game_over"
    return {
        "over": over,
        "scores": [p["score"] for p in state["players"]],
        "winners": list(state["winners"]),
        "ranking": game.ranking(state) if over else None,
        "turns": len(state["turns"]),
        "players": [game.status(state, i) for i in range(state["n"])],
        "settlement": game.settlement(state),
        "to_act": game.to_act(state),
    }
