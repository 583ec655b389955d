"""A computer player that searches thinks as a generator: it yields between steps, so the page can
draw and answer clicks while it thinks, and returns its action. `run_out` runs such a thought to
its end where nothing waits on it (the command line, the matches, a hint)."""


def run_out(steps):
    """Run a generator to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
