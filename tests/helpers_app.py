"""What the tests of the page's controller share."""
from thousand.storage import MemoryBackend, Store
from thousand.ui import preferences
from thousand.ui.screens import table


def unasked_store():
    """A store whose player chose not to be asked about risky decisions: tests that make
    whatever decision is offered first (the asking is tests/test_ui_confirm.py's)."""
    store = Store(MemoryBackend())
    preferences.write(store, "confirm_risky", False)
    return store


def past_a_pause(app) -> bool:
    """Taps through what stands between the person and a decision (the privacy screen, a deal's
    summary); True if there was one."""
    if table._privacy_needed(app) and not table._summary_pending(app):
        app.handle({"do": "table.reveal"})
        return True
    if table._summary_pending(app):
        app.handle({"do": "table.seen"})
        return True
    return False
