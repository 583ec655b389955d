"""Back and Forward through the app: each screen and dialog a browser history entry."""
import json

from pyodide.ffi import create_proxy
from pyscript import window

from thousand.i18n import _
from thousand.ui.kinds import KINDS

HOME = {"screen": "home", "dialog": None}
PLAY_SCREENS = tuple(k.play_screen for k in KINDS)


class PlaceTrail:
    """Each screen and dialog a browser history entry, so that Back and Forward (a phone's Back
    gesture, a mouse's side buttons) move through the app as through any site: Back closes the
    dialog open or returns to the screen before, Forward goes again, without a reload.

    The entries: 0 is a guard below the first screen, so that Back on the home screen does not
    leave at once; as a phone app does, it says that the next Back leaves, and the next one does.
    Every entry's state is {"thousand": its index, "trail": the places from 1 up to it} (JSON),
    so that after a reload the way back is known. The place of each drawing is followed
    (`follow`): one that is the entry below's (a dialog closed by its button, Home from the
    table) goes back to it, so Back never shows a dialog that was closed; any other is a new
    entry. The place is saved too (App.remember_place), for a reload or the next visit."""

    def __init__(self):
        self.at = 0
        self.places = [None]   # the place of each entry, index 0 the guard
        self.going_back = False  # history.back() asked for, its popstate not yet come
        self.then_push = None     # the place to push once there
        self.leave_armed = False
        self._pop = None

    def start(self, page):
        """Take over the tab's history: the trail of an earlier visit of this tab (a reload) goes
        on; else the guard, home, and the screen and dialog the app opened on."""
        self.page = page
        app = page.app
        here = app.place()
        kept = _state_of(window.history.state)
        if kept is not None:
            self.at = kept["thousand"]
            self.places = [None, *kept["trail"]][:self.at + 1]
            self.places[self.at] = here
            self._write("replaceState")
        else:
            self.at = 0
            self.places = [None]
            window.history.replaceState(json.dumps({"thousand": 0, "trail": []}), "")
            steps = [HOME]
            if here["screen"] != "home":
                steps.append({"screen": here["screen"], "dialog": None})
            if here["dialog"] is not None:
                steps.append(here)
            for place in steps:
                self.places.append(place)
                self.at += 1
                self._write("pushState")
        self._pop = create_proxy(self.on_popstate)
        window.addEventListener("popstate", self._pop)

    def _write(self, how: str):
        state = json.dumps({"thousand": self.at, "trail": self.places[1:self.at + 1]})
        getattr(window.history, how)(state, "")

    def follow(self, app):
        """After a drawing: the history follows the place shown."""
        app.remember_place()
        if self._pop is None or self.going_back:
            return
        place = app.place()
        if place == self.places[self.at]:
            return
        self.leave_armed = False
        if self.at >= 2 and place == self.places[self.at - 1]:
            self.going_back = True
            window.history.back()
            return
        came = self.places[self.at]
        rooted = place == HOME or (place["screen"] in PLAY_SCREENS and
                                   (came is None or came["screen"] != place["screen"]))
        if rooted and self.at >= 2 and self.places[1] == HOME:
            # home, and a game's table, stand right above the first home: Back from a table
            # goes home (not to the New game screen it was started from), whatever came between
            self.going_back = True
            self.then_push = None if place == HOME else place
            window.history.go(1 - self.at)
            return
        self._push(place)

    def _push(self, place):
        self.places = self.places[:self.at + 1] + [place]
        self.at += 1
        self._write("pushState")

    def on_popstate(self, event):
        kept = _state_of(event.state)
        if kept is None:
            return  # not an entry of this app's (a link to a part of the page)
        page, app = self.page, self.page.app
        self.at = kept["thousand"]
        self.places = [None, *kept["trail"]]
        if self.going_back:  # the way back the app asked for (follow): the app is there already
            self.going_back = False
            pushed, self.then_push = self.then_push, None
            if pushed is not None:
                self._push(pushed)
            page.draw()
            return
        if self.at == 0:  # Back below the first screen
            home = HOME
            if app.place() == home and self.leave_armed:
                window.history.back()  # the second Back on the home screen leaves, as in an app
                return
            if app.place() == home:
                self.leave_armed = True
                app.notice = _("Press Back again to leave Thousand. Your games are saved.")
            else:
                app.return_to(home)
            self.places = [None, app.place()]
            self.at = 1
            self._write("pushState")
            page.draw()
            return
        self.leave_armed = False
        target = kept["trail"][-1]
        shown = app.return_to(target)
        self.places[self.at] = shown
        if shown != target:
            self._write("replaceState")  # what could be shown of it (a finished game: home)
        page.draw()


def _state_of(state):
    """A history entry's state if it is one of this app's, else None."""
    if not isinstance(state, str):
        return None
    try:
        kept = json.loads(state)
        at, trail = kept["thousand"], kept["trail"]
    except (ValueError, KeyError, TypeError):
        return None
    if not (isinstance(at, int) and isinstance(trail, list) and len(trail) == at >= 0):
        return None
    return kept
