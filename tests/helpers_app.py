"""What the tests of the page's controller share."""
from thousand.storage import MemoryBackend, Store
from thousand.ui import preferences


def unasked_store():
    """A store whose player chose not to be asked about risky decisions: tests that make
    whatever decision is offered first (the asking is tests/test_ui_confirm.py's)."""
    store = Store(MemoryBackend())
    preferences.write(store, "confirm_risky", False)
    return store
