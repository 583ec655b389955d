"""The browser's side of playing with friends (issue 22): the modules of assets/friends/ (the
connections, the camera, the QR codes; loaded when first needed, never at start-up), what the
friends' screen asks of them (`App.link_asks`), and the messages between the pages: the host's
`Hosting` and a friend's `Joining` say what to send, this sends it and hands them what arrives.
docs/friends.md has the modules' API and how the phones find each other."""
import asyncio

from pyodide.ffi import create_proxy
from pyscript import document, js_import, window

from thousand.errors import ThousandError
from thousand.i18n import _, reason

MODULES = {}     # "peer", "scan", "qr": the loaded JavaScript modules
LINK = {}        # "link": this page's Link


def after_paint(page) -> None:
    """Called after every drawing: carry out what the screen asked, send what is waiting."""
    link = LINK.get("link")
    if link is None:
        link = LINK["link"] = Link(page)
    link.carry_out_asks()
    link.send_out()


async def modules():
    if not MODULES:
        def url(name):
            return window.URL.new(f"./assets/friends/{name}.mjs", document.baseURI).href
        peer, scan, qr = await js_import(url("peer"), url("scan"), url("qr"))
        MODULES.update(peer=peer, scan=scan, qr=qr)
    return MODULES


class Link:
    def __init__(self, page):
        self.page, self.app = page, page.app
        self._proxies = None

    async def ready(self):
        mods = await modules()
        if self._proxies is None:
            self._proxies = (create_proxy(self.on_message), create_proxy(self.on_state))
            mods["peer"].onMessage(self._proxies[0])
            mods["peer"].onState(self._proxies[1])
        return mods

    # --- what the screen asked ------------------------------------------------------------------

    def carry_out_asks(self):
        asks, self.app.link_asks[:] = list(self.app.link_asks), []
        for ask in asks:
            asyncio.ensure_future(self.carry_out(ask))

    async def carry_out(self, ask):
        from thousand.friends import codes
        from thousand.ui.screens import friends as screen
        app, do = self.app, ask["do"]
        # where a failure is said: the host's pairing, or the friend's joining
        box = "pair" if do in ("offer", "accept") or ask.get("for") == "answer" else "join"
        try:
            mods = await self.ready()
            peer = mods["peer"]
            if do == "offer":
                await peer.askCamera()  # first: with it the phone offers its local addresses
                made = await peer.host.offer()
                code = codes.encode(made.sdp, "offer")
                screen.offered(app, ask["seat"], made.id, code, mods["qr"].svg(code, code))
            elif do == "accept":
                await peer.host.accept(ask["offer"], ask["sdp"], 15)
            elif do == "answer":
                await peer.askCamera()
                made = await peer.friend.answer(ask["sdp"], 120)
                code = codes.encode(made.sdp, "answer")
                app.joining.peer = made.id
                screen.answered(app, made.id, code, mods["qr"].svg(code, code))
            elif do == "scan":
                # the module's own <video>, outside the page's drawings, shows the camera
                text = await mods["scan"].start(None, "")
                if text:
                    screen.scanned(app, ask["for"], str(text))
            elif do == "stop_scan":
                mods["scan"].stop()
            elif do == "copy":
                shown = document.getElementById("shown-code")
                if shown and window.navigator.clipboard:
                    await window.navigator.clipboard.writeText(shown.value)
            elif do == "close_all":
                peer.closeAll()
        except ThousandError as exc:
            screen.failed(app, box, reason(exc))
        except Exception as exc:  # noqa: BLE001  (the browser's own: camera, connection)
            name = str(getattr(exc, "name", "") or type(exc).__name__)
            if "NotAllowed" in str(exc) or "NotFound" in str(exc) or "NotSupported" in str(exc):
                words = _("The camera cannot be used here: paste the code instead.")
            else:
                words = _("That did not work ({error}).", error=str(exc)[:120] or name)
            screen.failed(app, box, words)
        self.page.draw()

    # --- the connections ------------------------------------------------------------------------

    def send_out(self):
        peer = MODULES.get("peer")
        if peer is None:
            return
        app = self.app
        if app.hosting is not None:
            for to, text in app.hosting.flush():
                peer.send(to, text)
        joining = app.joining
        if joining is not None and getattr(joining, "peer", None) and joining.connected:
            for text in joining.flush():
                peer.send(joining.peer, text)

    def on_state(self, peer_id, state):
        from thousand.ui.screens import friends as screen
        app = self.app
        try:
            if app.joining is not None and getattr(app.joining, "peer", None) == peer_id:
                if state == "open":
                    app.joining.opened()
                    app.ui.setdefault("join", {})["said"] = _("Connected: waiting for the host…")
                elif state in ("away", "closed"):
                    app.joining.closed()
                elif state == "timeout":
                    screen.failed(app, "join", screen.no_link(app))
            elif app.hosting is not None:
                if state == "open":
                    app.hosting.opened(peer_id)
                    if (app.ui.get("pair") or {}).get("offer") == peer_id:
                        app.ui.pop("pair", None)
                elif state in ("away", "closed"):
                    app.hosting.closed(peer_id)
                elif state == "timeout":
                    screen.failed(app, "pair", screen.no_link(app))
        except Exception as exc:  # noqa: BLE001  (said in the console; the game goes on)
            window.console.error(f"thousand: friends: {type(exc).__name__}: {exc}")
        self.page.draw()

    def on_message(self, peer_id, text):
        app = self.app
        try:
            if app.joining is not None and getattr(app.joining, "peer", None) == peer_id:
                app.joining.receive(str(text))
            elif app.hosting is not None:
                app.hosting.receive(peer_id, str(text))
        except Exception as exc:  # noqa: BLE001  (a message that cannot be read changes nothing)
            window.console.warn(f"thousand: friends: a message set aside: {exc}")
        self.page.draw()
