"""One card game under the fuzzer's eye: bots play it from their views, and after every action
the state is checked (cards conserved, 120 points a played deal, plain data, apply leaving its
input alone); at the end of every deal and at sampled steps the whole state goes through a JSON
round trip; at sampled steps other offered actions are applied too, wrong actions are thrown, and
the views are searched for lists and dicts they share with the game."""
import json
import random

from thousand.cards import game, record
from thousand.cards.views import seat_view
from thousand.errors import IllegalAction

from fuzz import checks, draw, players, wrong
from fuzz.report import Outcome, exception_cause

MAX_ACTIONS_IN_DEAL = 6000    # the longest auction (every step of 5 to 10 000) fits well within
MAX_VOIDED_IN_ROW = 60
MAX_VIEW_CHECKS = 12          # views of every seat mutated at this many sampled steps a game


class Rates:
    """How often the costlier checks run (a probability per action)."""

    def __init__(self, wrong_p=0.05, wrong_n=6, extra_p=0.1, full_p=0.02, view_p=0.02,
                 replay_p=0.2):
        self.wrong_p, self.wrong_n = wrong_p, wrong_n
        self.extra_p, self.full_p, self.view_p = extra_p, full_p, view_p
        self.replay_p = replay_p  # share of finished games whose record is replayed


def play(spec: dict, rates: Rates | None = None) -> Outcome:
    rates = rates or Rates()
    out = Outcome(spec)
    out.counts["card_games"] += 1
    try:
        conv = draw.resolve(spec)
        bots = [players.make_card_bot(name, spec["seed"] * 10 + i)
                for i, name in enumerate(spec["bots"])]
    except Exception as exc:  # noqa: BLE001 - a case that cannot start is a failure too
        out.fail("crash", "setting up: " + exception_cause(exc), exc=exc)
        return out
    _Game(spec, conv, bots, rates, out).run()
    return out


class _Game:
    def __init__(self, spec, conv, bots, rates, out):
        self.spec, self.conv, self.bots, self.rates, self.out = spec, conv, bots, rates, out
        self.rnd = random.Random(f"cards-checks:{spec['seed']}")
        self.step = 0
        self.view_checks = 0

    def fail(self, category, cause, detail="", **kw):
        self.out.fail(category, cause, detail, step=self.step, **kw)

    def run(self):
        spec, out = self.spec, self.out
        try:
            s = game.new_game(self.conv, spec["seed"])
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", "new_game: " + exception_cause(exc), exc=exc)
            return
        rec = record.new_record(self.conv, preset=spec["preset"], seed=spec["seed"],
                                first_dealer=s["dealer"])
        settled = voided = voided_in_row = in_deal = 0
        while True:
            phase = s["phase"]
            if phase == "game_over":
                self._game_over(s, rec)
                out.counts["card_games_ended"] += 1
                return
            if settled >= spec["deal_cap"]:
                if spec["must_end"]:
                    self.fail("stuck", f"not over after {spec['deal_cap']} deals "
                              f"({'+'.join(sorted(set(spec['bots'])))} bots)",
                              f"totals {s['score']['totals']}", phase=phase)
                else:
                    out.counts["card_games_capped"] += 1
                return
            if voided_in_row >= MAX_VOIDED_IN_ROW:
                reason = (s["last_deal"] or {}).get("reason")
                self.fail("stuck", "every deal is voided, for ever",
                          f"{voided_in_row} redeals in a row; the last one's reason: {reason!r}",
                          phase=phase)
                return
            if in_deal > MAX_ACTIONS_IN_DEAL:
                self.fail("stuck", "a deal that never ends",
                          f"{in_deal} actions in one deal", phase=phase)
                return
            nxt = self._one_action(s, rec)
            if nxt is None:
                return
            self.step += 1
            in_deal += 1
            out.counts["card_actions"] += 1
            if nxt["last_deal"] is not s["last_deal"] and nxt["last_deal"] is not None \
                    and phase != "deal":
                in_deal = 0
                if nxt["last_deal"].get("voided"):
                    voided += 1
                    voided_in_row += 1
                else:
                    settled += 1
                    voided_in_row = 0
                    out.counts["card_deals"] += 1
                    why = self._guard(checks.deal_points, s, nxt)
                    if why:
                        self.fail("invariant", "card points of a played deal", why, phase=phase)
                        return
                if not self._full_check(nxt, phase):
                    return
            s = nxt

    def _guard(self, check, *args):
        try:
            return check(*args)
        except Exception as exc:  # noqa: BLE001 - a malformed state is reported, not raised
            return f"the check itself failed on this state: {type(exc).__name__}: {exc}"

    def _one_action(self, s, rec):
        """Check the state, let the bot act, apply; the next state, or None to stop here."""
        phase = s["phase"]
        try:
            legal = game.legal_actions(s)
            seat = game.to_act(s)
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", exception_cause(exc), exc=exc, phase=phase)
            return None
        if not legal:
            self.fail("stuck", f"no legal action in phase {phase}", phase=phase)
            return None
        if any(a.get("seat") != seat for a in legal):
            self.fail("invariant", "an offered action is not from the seat to act",
                      f"seat {seat}", phase=phase, action=legal[0])
            return None
        try:
            view = seat_view(s, seat)
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", "seat_view: " + exception_cause(exc), exc=exc, phase=phase)
            return None
        deal_view = view.get("deal") or {}
        if deal_view.get("hand") is None and "hands" in (s["deal"] or {}) and \
                any("card" in a for a in view["legal"]):
            self.fail("invariant", "a seat is offered cards to play or give but cannot see its "
                      "hand", phase=phase, action=next(a for a in view["legal"] if "card" in a),
                      variant=phase)
        name = self.spec["bots"][seat]
        try:
            action = self.bots[seat].choose(view)
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", f"{name} bot: " + exception_cause(exc), exc=exc, phase=phase)
            return None
        if not checks.offered(action, legal, wrong.CARD_KEYS):
            self.fail("invariant", f"the {name} bot chose an action that is not offered",
                      phase=phase, action=action)
            return None
        before = checks.fingerprint(s)
        if not checks.plain(before) and not self._full_check(s, phase):
            return None
        rates, rnd = self.rates, self.rnd
        if rnd.random() < rates.view_p and self.view_checks < MAX_VIEW_CHECKS:
            self.view_checks += 1
            self._views(s, phase)
        if rnd.random() < rates.extra_p and len(legal) > 1:
            for other in rnd.sample(legal, 1):
                if other is not action and not self._apply_offered(s, other, before, phase):
                    return None
        if rnd.random() < rates.wrong_p:
            if not self._throw(s, legal, before, phase):
                return None
        try:
            nxt = game.apply(s, action)
        except IllegalAction as exc:
            self.fail("invariant", "an offered action is refused: " + exception_cause(exc),
                      str(exc), phase=phase, action=action, exc=exc)
            return None
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", exception_cause(exc), exc=exc, phase=phase, action=action)
            return None
        if not checks.unchanged(before, s):
            self.fail("invariant", "apply changed the state it was given", phase=phase,
                      action=action)
            return None
        try:
            record.log_action(rec, s, action, nxt)
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", "record.log_action: " + exception_cause(exc), exc=exc,
                      phase=phase, action=action)
            return None
        why = self._guard(checks.card_conservation, nxt)
        if why:
            self.fail("invariant", "cards conserved", why, phase=nxt["phase"], action=action)
            return None
        if rnd.random() < rates.full_p and not self._full_check(nxt, nxt["phase"]):
            return None
        return nxt

    def _apply_offered(self, s, action, before, phase) -> bool:
        self.out.counts["card_offered_sampled"] += 1
        try:
            game.apply(s, action)
        except IllegalAction as exc:
            self.fail("invariant", "an offered action is refused: " + exception_cause(exc),
                      str(exc), phase=phase, action=action, exc=exc)
            return False
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", exception_cause(exc), exc=exc, phase=phase, action=action)
            return False
        if not checks.unchanged(before, s):
            self.fail("invariant", "apply changed the state it was given", phase=phase,
                      action=action)
            return False
        return True

    def _throw(self, s, legal, before, phase) -> bool:
        """Wrong actions at this state; False when one left it changed (the game stops)."""
        for action, label in wrong.card_wrong_actions(s, legal, self.rnd, self.rates.wrong_n):
            self.out.counts["card_wrong_actions"] += 1
            ok = True
            try:
                game.apply(s, action)
                self.fail("mishandled", f"a wrong action is accepted ({label.split('=')[0]})",
                          phase=phase, action=action, variant=label)
            except IllegalAction:
                pass
            except Exception as exc:  # noqa: BLE001
                self.fail("mishandled", "a wrong action raises " + exception_cause(exc),
                          phase=phase, action=action, exc=exc, variant=label)
            if not checks.unchanged(before, s):
                self.fail("mishandled", "refusing a wrong action changed the state",
                          phase=phase, action=action, variant=label)
                ok = False
            if not ok:
                return False
        return True

    def _views(self, s, phase):
        try:
            shared = checks.views_share_state([seat_view(s, p) for p in range(s["n"])], s)
        except Exception as exc:  # noqa: BLE001
            self.fail("crash", "seat_view: " + exception_cause(exc), exc=exc, phase=phase)
            return
        if shared:
            self.fail("invariant", "a card view shares lists or dicts with the game",
                      f"shared: {', '.join(shared)}", phase=phase, variant=shared)

    def _full_check(self, s, phase) -> bool:
        why = checks.json_problem(s)
        if why:
            self.fail("invariant", "the state is not JSON data", why, phase=phase)
            return False
        return True

    def _game_over(self, s, rec):
        score = s["score"]
        if game.legal_actions(s):
            self.fail("invariant", "actions offered after the game is over", phase="game_over")
        if not score["over"] or not score["winners"]:
            self.fail("invariant", "a game over without a winner", str(score["winners"]),
                      phase="game_over")
        self._full_check(s, "game_over")
        if self.rnd.random() >= self.rates.replay_p:
            return
        # the record written along the way replays to the same game
        try:
            again = record.replay(json.loads(json.dumps(rec)))["state"]
        except Exception as exc:  # noqa: BLE001
            self.fail("invariant", "the game's record does not replay: " + exception_cause(exc),
                      exc=exc, phase="game_over")
            return
        if again["score"] != s["score"]:
            self.fail("invariant", "the game's record replays to another score",
                      f"{again['score']['totals']} instead of {s['score']['totals']}",
                      phase="game_over")
