"""A risky decision asked about before it is made (issue 11: a contract far above what the hand
promises, playing dark), and the setting that stops the asking; R31 (the contract) and the
auction's bids (R20) are what is asked about."""
from thousand.storage import MemoryBackend, Store
from thousand.ui import pace, preferences
from thousand.ui.app import App
from thousand.ui.screens import table


def _at_a_risky_bid():
    """A game on the person's bid with a legal bid far above the hand's promise."""
    for seed in range(1, 60):
        app = App(Store(MemoryBackend()), delay=0, seed=seed)
        app.handle({"do": "go", "screen": "new"})
        app.handle({"do": "new.start"})
        for _ in range(40):
            s = app.session
            if s.to_act() is not None and not s.is_bot(s.to_act()):
                v = s.view(table.viewer(app))
                risky = [a for a in v["legal"] if a["type"] == "bid" and pace.risk(v, a)]
                if risky:
                    return app, risky[0]
                if any(a["type"] == "bid" for a in v["legal"]):
                    break
                app.handle({"do": "table.act", "i": 0})
            elif not app.bot_step():
                break
    raise AssertionError("no risky bid in 60 games")


def test_a_bid_far_above_the_hand_is_asked_about_first_R20():
    app, bid = _at_a_risky_bid()
    s = app.session
    before = s.actions_so_far()
    app.handle({"do": "table.bid", "value": bid["value"]})
    assert s.actions_so_far() == before  # nothing done yet
    page = str(app.render())
    assert "Are you sure?" in page and f"Bid {bid['value']}?" in page
    app.handle({"do": "table.close"})  # "No"
    assert s.actions_so_far() == before and "Are you sure?" not in str(app.render())

    app.handle({"do": "table.bid", "value": bid["value"]})
    app.handle({"do": "table.confirm", "never": 1})  # "Yes, and stop asking"
    assert s.actions_so_far() == before + 1
    assert s.record["deals"][-1]["actions"][-1]["value"] == bid["value"]
    assert preferences.read(app.store)["confirm_risky"] is False


def test_without_the_check_a_risky_bid_is_made_at_once_R20():
    app, bid = _at_a_risky_bid()
    preferences.write(app.store, "confirm_risky", False)
    before = app.session.actions_so_far()
    app.handle({"do": "table.bid", "value": bid["value"]})
    assert app.session.actions_so_far() == before + 1 and "Are you sure?" not in str(app.render())
