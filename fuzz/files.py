"""Damaged files and saves, handed to the command line and to the page's App.

Each case makes real documents first, by playing a short game under random conventions: a card
record, a dice record, a score sheet (the facts of the game's deals, as a table would write them)
and the page's saves (through the sessions and the Store the page uses), or takes the examples of
docs/. The undamaged documents must be read (replay and score exit 0, the App resumes the save);
then each is damaged a few times:
  records, sheets   `python -m thousand replay|legal|score FILE` must exit 0, or 2 with one line on
                    stderr, and never raise;
  saves             the App must open over them and render its home screen; a save it does not
                    resume must be reported in words, and the previous good save offered; a save
                    it resumes must play on at its table without an error;
  simulate          odd but well-formed arguments: exit 0 or 2 with one line.
"""
import contextlib
import io
import json
import os
import random
import tempfile
from pathlib import Path

from thousand.errors import IllegalAction

from fuzz import checks, damage, draw, players
from fuzz.report import Outcome, exception_cause

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = 6                      # damaged copies of each document a case makes
TARGETS = (("record", 0.24), ("dice_record", 0.16), ("sheet", 0.2), ("save", 0.37),
           ("simulate", 0.03))
STEPS_AFTER_RESUME = 10      # moves at the table after a save is resumed


def case(seed: int) -> dict:
    rnd = random.Random(f"files:{seed}")
    names, weights = zip(*TARGETS)
    return {"game": "files", "seed": seed, "target": rnd.choices(names, weights)[0]}


def play(spec: dict) -> Outcome:
    out = Outcome(spec)
    rnd = random.Random(f"files-run:{spec['seed']}")
    target = spec["target"]
    try:
        if target == "simulate":
            _simulate(rnd, out)
        elif target == "save":
            _saves(rnd, out)
        else:
            _files(target, rnd, out)
    except Exception as exc:  # noqa: BLE001 - making the documents failed: a bug too
        out.fail("crash", f"making a {target}: " + exception_cause(exc), exc=exc)
    return out


# --- documents from short games ---------------------------------------------------------------

def _card_game(rnd, deals: int, max_steps: int = 4000):
    """A short card game between random bots through a CardSession: (session, sheet, docs) where
    docs are the session's save documents at a few points."""
    from thousand.cards.catalogue import CATALOGUE
    from thousand.ui.session import CardSession
    n = rnd.choice([2, 3, 4])
    preset, overrides, conv = draw.random_conventions(CATALOGUE, rnd, {"player_count": n})
    seats = [{"kind": "bot", "name": f"Bot {i}", "bot": rnd.choice(players.card_bot_names())}
             if rnd.random() < 0.7 else {"kind": "human", "name": f"P{i}"} for i in range(n)]
    session = CardSession.start(conv, preset, seats, rnd.randrange(10 ** 6))
    facts, docs, settled = [], [], 0
    stop_at = rnd.randint(1, 40)
    for step in range(max_steps):
        state = session.state
        if state["phase"] == "game_over" or settled >= deals:
            break
        seat = session.to_act()
        legal = session.view(seat)["legal"]
        if not legal:
            break
        before = state["last_deal"]
        session.act(rnd.choice(legal))
        last = session.state["last_deal"]
        if last is not before and last is not None and not last.get("voided"):
            settled += 1
            facts.append(dict(last["facts"]))
        if step % stop_at == stop_at - 1:
            docs.append(_saved(session))
    docs.append(_saved(session))
    sheet = _sheet(session, facts)
    return session, sheet, docs


def _saved(session) -> dict:
    """The session's save document as the store writes it: a copy in JSON, taken now (the live
    record goes on growing, so a reference would later hold moves its position has not seen)."""
    return json.loads(json.dumps(session.to_doc()))


def _sheet(session, facts) -> dict:
    """The score sheet a table would have written for the game: its deals' facts and penalties
    in the order of the score's rows."""
    from thousand.cards.scoresheet import DEAL_KEYS
    deals, it = [], iter(facts)
    for row in session.state["score"]["rows"]:
        if row.get("outcome") == "penalty":
            deals.append({"penalty": {"seat": row["seat"], "amount": row["amount"],
                                      "reason": row["reason"]}})
        else:
            f = next(it, None)
            if f is None:
                break
            deals.append({k: v for k, v in f.items() if k in DEAL_KEYS})
    rec = session.record
    sheet = {"format": "thousand-score-sheet", "version": 1,
             "players": [s["name"] for s in session.meta["seats"]],
             "first_dealer": rec["first_dealer"], "deals": deals}
    sheet["preset"] = rec.get("preset") or "classic"
    base = rec.get("preset")
    if base is None:  # the record's overrides are over the defaults: name them all
        sheet.pop("preset")
        sheet["conventions"] = dict(session.state["conventions"])
    else:
        sheet["overrides"] = dict(rec.get("overrides") or {})
    return sheet


def _dice_game(rnd):
    from thousand.dice.catalogue import CATALOGUE
    from thousand.ui.session import DiceSession
    n = rnd.randint(1, 8)
    preset, overrides, conv = draw.random_conventions(CATALOGUE, rnd)
    mode = "keeper" if rnd.random() < 0.15 else "play"
    seats = [{"kind": "bot", "name": f"Bot {i}", "bot": rnd.choice(
        [b for b in players.dice_bot_names() if b != players.RANDOM])}
             if rnd.random() < 0.7 else {"kind": "human", "name": f"P{i}"} for i in range(n)]
    session = DiceSession.start(conv, preset, seats, rnd.randrange(10 ** 6), mode)
    docs = []
    steps = rnd.randint(5, 400)
    for step in range(steps):
        if session.over:
            break
        seat = session.to_act()
        if session.keeper:
            action = {"type": "result", "seat": seat,
                      "points": rnd.choice(["zero", 50, 100, 150, 300])}
            try:
                session.act(action)
            except IllegalAction:
                session.act({"type": "result", "seat": seat, "points": "zero"})
        else:
            session.act(rnd.choice(session.view(seat)["legal"]))
        if step % 37 == 36:
            docs.append(_saved(session))
    docs.append(_saved(session))
    return session, docs


def _examples(kind: str) -> list:
    """The documents of docs/ of one kind (records, dice records, score sheets)."""
    found = []
    for path in sorted((ROOT / "docs").rglob("*")):
        texts = []
        if path.suffix == ".json":
            texts = [path.read_text(encoding="utf-8")]
        elif path.suffix == ".md":
            parts = path.read_text(encoding="utf-8").split("```json")[1:]
            texts = [p.split("```")[0] for p in parts]
        for text in texts:
            try:
                doc = json.loads(text)
            except ValueError:
                continue
            if not isinstance(doc, dict):
                continue
            fmt, game = doc.get("format"), doc.get("game", "cards")
            if (kind == "sheet" and fmt == "thousand-score-sheet") or \
                    (kind == "record" and fmt == "thousand-record" and game == "cards") or \
                    (kind == "dice_record" and fmt == "thousand-record" and game == "dice"):
                found.append((str(path.relative_to(ROOT)), doc))
    return found


# --- the command line -------------------------------------------------------------------------

def run_cli(argv, stdin_text=None):
    """(exit code, stdout, stderr, exception) of `python -m thousand ARGV`, run in this process
    with strict UTF-8 streams like a terminal's."""
    from thousand.__main__ import main
    raw_out, raw_err = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(raw_out, encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(raw_err, encoding="utf-8", errors="backslashreplace")
    code, exc = None, None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except BaseException as caught:  # noqa: BLE001 - anything escaping main is the finding
            exc = caught
        try:
            out.flush()
            err.flush()
        except Exception as caught:  # noqa: BLE001
            exc = exc or caught
    return code, raw_out.getvalue(), raw_err.getvalue().decode("utf-8", "replace"), exc


def _judge_cli(out, what, result, label):
    code, stdout, stderr, exc = result
    if exc is not None:
        out.fail("crash", f"{what}: " + exception_cause(exc), f"damage: {label}", exc=exc,
                 variant=label[:80])
        return False
    if "Traceback" in stderr:
        out.fail("mishandled", f"{what}: a traceback on stderr", stderr[-400:], variant=label[:80])
        return False
    lines = stderr.strip().splitlines()
    if "please report" in stderr:  # the dispatcher's catch-all: one line, but an unrefused cause
        out.fail("crash", f"{what}: the catch-all answered ({stderr.strip()[:120]})",
                 f"damage: {label}", variant=label[:80])
        return False
    if code == 0:
        return True
    if code == 2 and len(lines) == 1:
        return True
    out.fail("mishandled", f"{what}: exit {code} with {len(lines)} lines on stderr",
             f"damage: {label}; stderr: {stderr[-300:]!r}", variant=label[:80])
    return False


def _files(target, rnd, out):
    # a record is read by `replay` and by `legal`; each damaged copy goes to one of them
    commands = ["score"] if target == "sheet" else ["replay", "legal"]
    command = commands[0]
    if rnd.random() < 0.1 and _examples(target):
        source, doc = rnd.choice(_examples(target))
        docs = [(source, doc)]
    elif target == "dice_record":
        session, _ = _dice_game(rnd)
        docs = [("a dice game's record", session.record)]
    else:
        session, sheet, _ = _card_game(rnd, rnd.randint(1, 4))
        docs = [("a card game's record", session.record)] if target == "record" else \
            [("a card game's score sheet", sheet)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "file.json")
        for source, doc in docs:
            Path(path).write_text(json.dumps(doc), encoding="utf-8")
            for command in commands:
                code, _, stderr, exc = run_cli([command, path])
                if exc is not None or code != 0:
                    out.fail("invariant", f"{command}: an undamaged {target.replace('_', ' ')} "
                             "is refused", f"{source}: {(stderr.strip() or repr(exc))[:400]}",
                             exc=exc)
            out.counts[f"files_{target}_controls"] += 1
            for _ in range(VARIANTS):
                command = rnd.choice(commands)
                data, label = damage.damage(doc, rnd)
                Path(path).write_bytes(data)
                out.counts["damaged_files"] += 1
                out.counts[f"damaged_{target}s"] += 1
                _judge_cli(out, f"{command} of a damaged {target.replace('_', ' ')}",
                           run_cli([command, path]), f"{source}: {label}")
            if rnd.random() < 0.2:
                # the wrong kind of file: a record given to `score`, a sheet to `replay`
                other = "replay" if commands[0] == "score" else "score"
                Path(path).write_text(json.dumps(doc), encoding="utf-8")
                out.counts["damaged_files"] += 1
                _judge_cli(out, f"{other} of a {target.replace('_', ' ')}",
                           run_cli([other, path]), f"{source}: the wrong kind of file")


def _simulate(rnd, out):
    from thousand.cards.catalogue import CATALOGUE
    presets = CATALOGUE.preset_names()
    for _ in range(VARIANTS):
        game = rnd.choice(["cards", "dice"])
        players_arg = rnd.choice(["-1", "0", "1", "2", "3", "4", "5", "8", "9", "10", "1" * 40])
        preset = rnd.choice(presets + ["", "nope", "CLASSIC", "classic "])
        bots = rnd.choice(["", ",", "heuristic", "random", "optimal", "threshold", "nobody",
                           "heuristic,heuristic,heuristic", "optimal,optimal", "x" * 200])
        argv = ["simulate", "--game", game, "--players", players_arg, "--games",
                rnd.choice(["1", "0", "-3"]), "--seed", rnd.choice(["1", "-1", "9" * 40])]
        if rnd.random() < 0.8:
            argv += ["--preset", preset]
        if rnd.random() < 0.7:
            argv += ["--bots", bots]
        if game == "cards" and "random" in bots:
            continue  # random card bots rarely finish a game: a simulation would run for ever
        out.counts["damaged_files"] += 1
        out.counts["damaged_simulate_arguments"] += 1
        _judge_cli(out, "simulate with odd arguments", run_cli(argv),
                   " ".join(a[:20] for a in argv[1:]))


# --- the page's saves -------------------------------------------------------------------------

def _saves(rnd, out):
    from thousand.cards.catalogue import CATALOGUE
    from thousand.storage import MemoryBackend, Store
    from thousand.ui.screens.new import history_entry
    card, sheet, card_docs = _card_game(rnd, rnd.randint(1, 3), rnd.randint(1, 200))
    dice, dice_docs = _dice_game(rnd)
    base = MemoryBackend()
    store = Store(base)
    for doc in card_docs[-2:]:
        store.save_game("cards", doc)
    for doc in dice_docs[-2:]:
        store.save_game("dice", doc)
    store.save_settings({"delay": rnd.choice([0.0, 0.3, 0.6]), "score_sheet": sheet})
    store.add_history("cards", history_entry(card))
    store.save_convention_set("Ours", CATALOGUE.to_json(card.state["conventions"]))
    good = dict(base.items)
    # the undamaged saves open and resume
    _open_app(out, good, None, rnd, label="undamaged", control=True)
    keys = [k for k in good if k.startswith("thousand:")]
    for _ in range(VARIANTS):
        items = dict(good)
        r = rnd.random()
        if r < 0.45:
            key = "thousand:game:cards"
        elif r < 0.7:
            key = "thousand:game:dice"
        elif r < 0.78:
            key = rnd.choice(["thousand:game:cards:previous", "thousand:game:dice:previous"])
        else:
            key = rnd.choice([k for k in keys if ":game:" not in k] or keys)
        if key not in items:
            continue
        if rnd.random() < 0.3:  # no earlier save to fall back on
            items.pop(key + ":previous", None)
        envelope = json.loads(items[key])
        if rnd.random() < 0.8 and isinstance(envelope, dict) and \
                isinstance(envelope.get("data"), (dict, list)):
            # most damage is inside the document, where the game is
            inner, label = damage.damage(envelope["data"], rnd, as_bytes=False)
            text = f'{{"kind": {json.dumps(envelope["kind"])}, "version": {envelope["version"]}, ' \
                   f'"saved_at_seq": {envelope["saved_at_seq"]}, "data": {inner}}}'
        else:
            text, label = damage.damage(envelope, rnd, as_bytes=False)
        items[key] = text
        out.counts["damaged_files"] += 1
        out.counts["damaged_saves"] += 1
        _open_app(out, items, key, rnd, label=f"{key.split(':', 1)[1]}: {label}")


def _previous_is_good(items, kind) -> bool:
    raw = items.get(f"thousand:game:{kind}:previous")
    return raw is not None


def _open_app(out, items, damaged_key, rnd, label, control=False):
    from thousand.storage import MemoryBackend, Store
    from thousand.ui.app import App
    what = "the App over undamaged saves" if control else "the App over a damaged save"
    store = Store(MemoryBackend(items))
    try:
        app = App(store, delay=0, seed=1)
    except Exception as exc:  # noqa: BLE001
        out.fail("crash", f"{what}: opening: " + exception_cause(exc), label, exc=exc,
                 variant=label[:80])
        return
    try:
        str(app.render())
    except Exception as exc:  # noqa: BLE001
        out.fail("crash", f"{what}: the home screen: " + exception_cause(exc), label, exc=exc,
                 variant=label[:80])
        return
    kinds = {"cards": app.session, "dice": app.dice}
    if control:
        for kind, session in kinds.items():
            if session is None:
                out.fail("invariant", f"an undamaged {kind} save is not resumed",
                         str(app.saved_problem))
    elif damaged_key and ":game:" in damaged_key:
        kind = damaged_key.split(":")[2]
        current = damaged_key.count(":") == 2
        if kinds[kind] is None and current:
            if not app.saved_problem:
                out.fail("mishandled", "a damaged save is dropped without a word", label,
                         variant=label[:80])
            if _previous_is_good(items, kind):
                out.fail("mishandled", "a save set aside: the previous good save is not offered",
                         str(app.saved_problem)[:300], variant=label[:80])
    elif damaged_key:
        for screen in _screens_reading(damaged_key):
            try:
                app.go(screen)
                str(app.render())
            except Exception as exc:  # noqa: BLE001
                out.fail("crash", f"{what}: the {screen} screen: " + exception_cause(exc),
                         label, exc=exc, variant=label[:80])
                return
    for kind, session in kinds.items():
        if session is not None:
            _play_on(out, app, kind, rnd, what, label)


def _screens_reading(key):
    if key.endswith("settings"):
        return ("settings", "sheet", "new", "dice_new")
    if ":history:" in key:
        return ("history",)
    if ":conventions:" in key:
        return ("conventions", "new")
    return ()


def _play_on(out, app, kind, rnd, what, label):
    """A resumed game must show its table and play on."""
    session = app.session_of(kind)
    try:
        app.go(app.play_screen(kind))
        str(app.render())
        for step in range(STEPS_AFTER_RESUME):
            if session.over:
                break
            if app.bot_pending():
                app.bot_step()
            else:
                seat = session.to_act()
                legal = session.view(seat)["legal"]
                if not legal:
                    out.fail("mishandled", f"a resumed {kind} game offers no action",
                             label, variant=label[:80])
                    return
                session.act(rnd.choice(legal))
                app.save(kind)
            if step in (0, STEPS_AFTER_RESUME - 1):
                str(app.render())
            why = checks.card_conservation(session.state) if kind == "cards" else \
                checks.dice_fives(session.state)
            if why:
                out.fail("mishandled", f"a damaged {kind} save is resumed broken", f"{why}; "
                         f"damage: {label}", variant=label[:80])
                return
    except Exception as exc:  # noqa: BLE001
        out.fail("crash", f"{what}: playing the resumed {kind} game: " + exception_cause(exc),
                 label, exc=exc, variant=label[:80])
