"""One module per screen, each with `render(app) -> Markup` and `handle(app, event)` for the
events whose name starts with the screen's name ("table.act", "new.start" …)."""
