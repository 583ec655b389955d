"""One dice game under the fuzzer's eye: bots (and the fuzzer's random player, which also rolls
real dice now and then) play it from their views; after every action every score and the turn's
points are multiples of 5 and apply has left its input alone; at sampled steps wrong actions are
thrown, the state goes through JSON and the views are mutated."""
import random

from thousand.dice import game, record
from thousand.dice.views import seat_view
from thousand.errors import IllegalAction

from fuzz import checks, draw, players, wrong
from fuzz.report import Outcome, exception_cause

MAX_ACTIONS_IN_TURN = 3000
MAX_VIEW_CHECKS = 4
MAX_JSON_CHECKS = 2           # a late dice state is long (every roll of the game): a few a game


class Rates:
    def __init__(self, wrong_p=0.05, wrong_n=5, real_dice_p=0.05, full_p=0.005, view_p=0.02,
                 replay_p=0.1, extra_p=0.1):
        self.wrong_p, self.wrong_n, self.real_dice_p = wrong_p, wrong_n, real_dice_p
        self.extra_p = extra_p
        self.full_p, self.view_p, self.replay_p = full_p, view_p, replay_p


def play(spec: dict, rates: Rates | None = None) -> Outcome:
    rates = rates or Rates()
    out = Outcome(spec)
    out.counts["dice_games"] += 1
    step = 0
    try:
        conv = draw.resolve(spec)
        bots = [players.make_dice_bot(name, spec["seed"] * 10 + i)
                for i, name in enumerate(spec["bots"])]
        s = game.new_game(conv, spec["seed"], spec["players"])
    except Exception as exc:  # noqa: BLE001
        out.fail("crash", "setting up: " + exception_cause(exc), exc=exc)
        return out
    rnd = random.Random(f"dice-checks:{spec['seed']}")
    rec = record.new_record(conv, players=spec["players"], preset=spec["preset"],
                            seed=spec["seed"])

    def fail(category, cause, detail="", **kw):
        out.fail(category, cause, detail, step=step, **kw)

    in_turn = view_checks = json_checks = 0
    while True:
        if s["phase"] == "game_over":
            out.counts["dice_games_ended"] += 1
            _game_over(s, rec, rnd, rates, fail)
            return out
        if len(s["turns"]) >= spec["turn_cap"]:
            if set(spec["bots"]) == {"random"}:
                # stopping or rolling on at random rarely gets past an entry minimum and the
                # penalties (dice:2535, dice:8232): such a table need not finish, the others must
                out.counts["dice_games_capped"] += 1
                return out
            fail("stuck", f"not over after {spec['turn_cap']} turns",
                 f"scores {[p['score'] for p in s['players']]}")
            return out
        if in_turn > MAX_ACTIONS_IN_TURN:
            fail("stuck", "a turn that never ends", f"{in_turn} actions in one turn")
            return out
        t = s["turn"]
        phase = f"turn stage {t['stage']}"
        try:
            legal = game.legal_actions(s)
            seat = game.to_act(s)
        except Exception as exc:  # noqa: BLE001
            fail("crash", exception_cause(exc), exc=exc, phase=phase)
            return out
        if not legal:
            fail("stuck", "no legal action in a dice turn", phase=phase)
            return out
        try:
            view = seat_view(s, seat)
        except Exception as exc:  # noqa: BLE001
            fail("crash", "seat_view: " + exception_cause(exc), exc=exc, phase=phase)
            return out
        name = spec["bots"][seat]
        try:
            action = bots[seat].choose(view)
        except Exception as exc:  # noqa: BLE001
            fail("crash", f"{name} bot: " + exception_cause(exc), exc=exc, phase=phase)
            return out
        if not checks.offered(action, legal, ("type", "seat", "dice")):
            fail("invariant", f"the {name} bot chose an action that is not offered",
                 phase=phase, action=action)
            return out
        if name == players.RANDOM and action["type"] == "roll" and rnd.random() < rates.real_dice_p:
            # the dice of a real roll, as the score keeper enters them
            action = dict(action, dice=[rnd.randint(1, 6) for _ in range(t["dice_left"])])
        before = checks.fingerprint(s)
        if not checks.plain(before):
            fail("invariant", "the dice state is not JSON data", str(checks.json_problem(s)),
                 phase=phase)
            return out
        if rnd.random() < rates.extra_p and len(legal) > 1:
            other = rnd.choice(legal)
            out.counts["dice_offered_sampled"] += 1
            try:
                game.apply(s, other)
            except IllegalAction as exc:
                fail("invariant", "an offered dice action is refused: " + exception_cause(exc),
                     str(exc), phase=phase, action=other, exc=exc)
                return out
            except Exception as exc:  # noqa: BLE001
                fail("crash", exception_cause(exc), exc=exc, phase=phase, action=other)
                return out
            if not checks.unchanged(before, s):
                fail("invariant", "dice apply changed the state it was given", phase=phase,
                     action=other)
                return out
        if rnd.random() < rates.view_p and view_checks < MAX_VIEW_CHECKS:
            view_checks += 1
            try:
                shared = checks.views_share_state([seat_view(s, p) for p in range(s["n"])], s)
            except Exception as exc:  # noqa: BLE001
                fail("crash", "seat_view: " + exception_cause(exc), exc=exc, phase=phase)
                return out
            if shared:
                fail("invariant", "a dice view shares lists or dicts with the game",
                     f"shared: {', '.join(shared)}", phase=phase, variant=shared)
        if rnd.random() < rates.wrong_p:
            for bad, label in wrong.dice_wrong_actions(s, legal, rnd, rates.wrong_n):
                out.counts["dice_wrong_actions"] += 1
                try:
                    game.apply(s, bad)
                    fail("mishandled", f"a wrong dice action is accepted ({label.split('=')[0]})",
                         phase=phase, action=bad, variant=label)
                except IllegalAction:
                    pass
                except Exception as exc:  # noqa: BLE001
                    fail("mishandled", "a wrong dice action raises " + exception_cause(exc),
                         phase=phase, action=bad, exc=exc, variant=label)
                if not checks.unchanged(before, s):
                    fail("mishandled", "refusing a wrong dice action changed the state",
                         phase=phase, action=bad, variant=label)
                    return out
        try:
            nxt = game.apply(s, action)
        except IllegalAction as exc:
            fail("invariant", "an offered dice action is refused: " + exception_cause(exc),
                 str(exc), phase=phase, action=action, exc=exc)
            return out
        except Exception as exc:  # noqa: BLE001
            fail("crash", exception_cause(exc), exc=exc, phase=phase, action=action)
            return out
        step += 1
        out.counts["dice_actions"] += 1
        if not checks.unchanged(before, s):
            fail("invariant", "dice apply changed the state it was given", phase=phase,
                 action=action)
            return out
        record.log_action(rec, action)
        why = checks.dice_fives(nxt)
        if why:
            fail("invariant", "dice scores are multiples of 5", why, phase=phase, action=action)
            return out
        in_turn = 0 if nxt["turn"] is None or nxt["turn"] is not s["turn"] and \
            nxt["turn"]["number"] != t["number"] else in_turn + 1
        if rnd.random() < rates.full_p and json_checks < MAX_JSON_CHECKS:
            json_checks += 1
            why = checks.json_problem(nxt)
            if why:
                fail("invariant", "the dice state is not JSON data", why, phase=phase)
                return out
        s = nxt


def _game_over(s, rec, rnd, rates, fail):
    if game.legal_actions(s):
        fail("invariant", "dice actions offered after the game is over", phase="game_over")
    if not s["winners"]:
        fail("invariant", "a dice game over without a winner", phase="game_over")
    why = checks.json_problem(s)
    if why:
        fail("invariant", "the dice state is not JSON data", why, phase="game_over")
    if rnd.random() >= rates.replay_p:
        return
    try:
        again = record.replay(rec)["state"]
    except Exception as exc:  # noqa: BLE001
        fail("invariant", "the dice record does not replay: " + exception_cause(exc), exc=exc,
             phase="game_over")
        return
    if [p["score"] for p in again["players"]] != [p["score"] for p in s["players"]]:
        fail("invariant", "the dice record replays to other scores", phase="game_over")
