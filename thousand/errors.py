"""Errors a player or a file can cause; each names what was wrong so it can be shown as is."""


class ThousandError(ValueError):
    """Base of every error the engine raises on purpose."""


class IllegalAction(ThousandError):
    """An action that the rules do not allow now; the state it was tried on is unchanged."""


class BadInput(ThousandError):
    """A damaged record, sheet or setting; `where` names the field or action index."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message
