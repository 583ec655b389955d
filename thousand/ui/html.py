"""A very small HTML builder: text is escaped unless it is Markup, so a player's name can never
inject markup. Page events are carried by `data-do` (what) and `data-arg` (JSON) attributes."""
import json
from html import escape


class Markup(str):
    """HTML that is already safe."""


def _attrs(attrs: dict) -> str:
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def render(child) -> str:
    if child is None or child is False:
        return ""
    if isinstance(child, Markup):
        return child
    if isinstance(child, (list, tuple)):
        return "".join(render(c) for c in child)
    return escape(str(child), quote=False)


def h(tag: str, attrs: dict | None = None, *children) -> Markup:
    inner = render(list(children))
    if tag in ("img", "input", "br", "hr", "meta"):
        return Markup(f"<{tag}{_attrs(attrs or {})}>")
    return Markup(f"<{tag}{_attrs(attrs or {})}>{inner}</{tag}>")


def action_attrs(do: str, **arg) -> dict:
    attrs = {"data-do": do}
    if arg:
        attrs["data-arg"] = json.dumps(arg, separators=(",", ":"))
    return attrs


def button(label, do: str, *, cls: str | None = None, disabled: bool = False,
           aria_label: str | None = None, pressed: bool | None = None,
           shortcut: str | None = None, title: str | None = None, **arg) -> Markup:
    """`shortcut`: a letter that presses it from anywhere on the page (thousand/ui/browser.py).
    `title`: a longer word on what it does, said after its name; an `aria_label` instead must
    hold the visible label (WCAG 2.5.3: a player says what he sees to press it)."""
    attrs = {"type": "button", "class": cls, "disabled": disabled, "aria-label": aria_label,
             "title": title,
             "aria-pressed": None if pressed is None else ("true" if pressed else "false"),
             "data-shortcut": shortcut, "aria-keyshortcuts": shortcut.upper() if shortcut
             else None}
    attrs.update(action_attrs(do, **arg))
    return h("button", attrs, label)


def modal(title, body, buttons) -> Markup:
    """A dialog over the screen (the page gives it the focus)."""
    return h("div", {"class": "overlay"},
             h("div", {"class": "dialog", "role": "dialog",
                       "aria-modal": "true", "aria-label": title},
               h("h2", {}, title), body, h("div", {"class": "actions"}, buttons)))
