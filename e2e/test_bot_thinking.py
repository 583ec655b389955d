"""A computer player thinking never freezes the page (issue 9, item 6): a deal against the
strongest level there is, watched from the moment the page is up (the boot is not counted) by a
long-task observer (Chromium's 'longtask' entries: a main-thread task of 50 ms or more). No long
task may hold 50 ms of the page's own work while a computer player decides, from its first step
until its move is drawn; and while a player thinks, its seat carries the "thinking…" mark
(aria-busy, and a status for screen readers).

The page's own work: this machine is shared, and a task of 10 ms of work can last 60 ms when
other programs hold the processors, so each long task is looked up in Chromium's trace of the
page's main thread, which gives its CPU time beside its wall time (e2e.helpers.TaskTrace). The
decisions are timed by the page itself (App.decisions, window.thousandDecisions()), on the clock
of the long-task entries."""
import json

from e2e.driver import Player, idle
from e2e.helpers import TaskTrace, task_at, wait_for_python_ready
from thousand.bots import BOT_NAMES, make_bot
from thousand.ui.screens.new import card_bots

SEED = 11
LONG_MS = 50
STRENGTH = ("strong", "normal", "easy", "heuristic", "random")  # strongest first
LEVEL = next(b for b in STRENGTH + BOT_NAMES if b in BOT_NAMES)
THINKS = hasattr(make_bot(LEVEL, 0), "think")  # a searching level: its decisions take many steps
NAMES = ["You", "Boris", "Vera"]

# Long tasks, and every moment a seat is drawn as thinking, from now on (page clock, ms).
WATCH = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries())
      window.__longTasks.push({start: e.startTime, duration: e.duration});
  }).observe({type: "longtask"});
  window.__marks = [];
  const look = () => {
    for (const el of document.querySelectorAll('[aria-busy="true"]')) {
      const mark = el.querySelector('.thinking-mark[role="status"]');
      window.__marks.push({at: performance.now(), label: el.getAttribute("aria-label") || "",
                           text: mark ? mark.textContent : "", me: el.matches("footer.me")});
    }
  };
  new MutationObserver(look).observe(document.getElementById("app"),
                                     {childList: true, subtree: true});
}"""


def play_one_deal(page):
    player = Player(SEED)
    for _ in range(400):  # until the deal's summary has been closed
        if player.counts["deals"]:
            idle(page)
            return
        assert player.step(page), "the game ended within one deal"
    raise AssertionError(f"the deal did not end: {player.counts}")


def window_of(d) -> tuple:
    """A decision from its first step until its move was drawn (page clock, ms)."""
    return d["started"], d.get("shown", d["started"] + d["ms"])


def test_no_long_task_while_the_strongest_level_thinks_and_its_seat_is_marked(page, server_url):
    page.goto(f"{server_url}?seed={SEED}&delay=0")
    wait_for_python_ready(page)
    page.evaluate(WATCH)
    page.get_by_role("button", name="New game").click()
    label = card_bots()[LEVEL]
    for seat in (1, 2):
        page.locator(f"#seat-kind-{seat}").select_option(label=label)
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    level_word = label.split(": ")[1]
    # the level beside the name (a narrow seat box may wrap it onto a line of its own)
    assert f"Boris · {level_word}" in " ".join(page.locator(".opponents").inner_text().split())

    trace = TaskTrace(page)
    try:
        play_one_deal(page)
    finally:
        tasks = trace.stop()
    decisions = json.loads(page.evaluate("thousandDecisions()"))
    long_tasks = page.evaluate("window.__longTasks")
    marks = page.evaluate("window.__marks")
    ours = [d for d in decisions if d["bot"] == LEVEL]
    assert len(ours) >= 8, decisions  # two computer seats through a deal's tricks at least

    deciding = [(t, d) for t in long_tasks for d in decisions
                if t["start"] < window_of(d)[1] and t["start"] + t["duration"] > window_of(d)[0]]
    heavy = [(t, d, task) for t, d in deciding
             for task in [task_at(tasks, t["start"], t["duration"])]
             if task is None or task["cpu"] >= LONG_MS]
    assert not heavy, "main-thread tasks of 50 ms of work while a computer player decided:\n" + \
        "\n".join(f"  {t['duration']:.0f} ms ({'?' if task is None else round(task['cpu'])} ms "
                  f"of CPU) at {t['start']:.0f}: seat {d['seat']} {d['bot']} deciding "
                  f"{d['action']['type']} ({d['steps']} steps, longest {d['longest_ms']} ms)"
                  for t, d, task in heavy)

    if THINKS:
        # the search took many steps, and each time a seat showed the mark, that seat was deciding
        assert max(d["steps"] for d in ours) > 10, ours
        assert marks, "no seat was ever drawn as thinking"
        for m in marks:
            assert m["text"] == "thinking…", m
            seat = 0 if m["me"] else NAMES.index(m["label"].split(" (")[0])
            assert seat in (1, 2), m
            assert any(d["seat"] == seat and window_of(d)[0] <= m["at"] <= window_of(d)[1]
                       for d in decisions), (m, decisions)
    else:
        # a player that decides at once is never drawn as thinking
        assert all(d["steps"] == 1 for d in ours), ours
        assert not marks, marks


def test_computer_moves_keep_the_delay_between_them_and_thinking_counts_toward_it(page, server_url):
    delay = 0.4
    page.goto(f"{server_url}?seed={SEED}&delay={delay}")
    wait_for_python_ready(page)
    page.get_by_role("button", name="New game").click()
    for seat in (1, 2):
        page.locator(f"#seat-kind-{seat}").select_option(label=card_bots()[LEVEL])
    page.get_by_role("button", name="Start the game").click()
    play_one_deal(page)
    decisions = [d for d in json.loads(page.evaluate("thousandDecisions()")) if "shown" in d]
    assert len(decisions) >= 8, decisions
    gaps = [b["shown"] - a["shown"] for a, b in zip(decisions, decisions[1:])]
    assert min(gaps) >= delay * 1000, gaps  # every move waits at least the delay after the last
    for d in decisions:
        # a decision that took longer than the delay is shown as soon as it is made (after the
        # moment its move takes to draw), not a delay later
        if d["ms"] > delay * 1000:
            assert d["shown"] - d["started"] < d["ms"] + delay * 1000, d
