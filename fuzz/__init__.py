"""The project's own fuzzing (issue 8, item 7): a development tool, never shipped with the page.

It plays whole games of both kinds under random valid conventions with every bot and checks the
invariants after every action, throws wrong actions at the states it passes through, and damages
real records, score sheets and saves before handing them to the command line and the page's App.
Every case is drawn from one seed, so any failure it prints can be replayed alone:

    python -m fuzz                          # the full run `make fuzz` does (counts, reproducers)
    python -m fuzz --cards 50 --dice 50 --files 20 --workers 1
    python -m fuzz --replay cards:123       # one case again, with its traceback
    python -m fuzz --replay cards:123 --shrink   # and the fewest conventions that still fail

Modules: players (the bots of both games, wherever they live), draw (random valid conventions and
the cases), checks (the invariants), wrong (wrong actions), cards and dice (one game each),
damage (how documents are damaged), files (the command line and the App over damaged files),
report (outcomes and how failures are grouped), run (workers and the printed summary)."""
