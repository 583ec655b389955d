"""A small seeded generator whose whole state is one integer.

The standard library's generator differs between Python versions in places and its state is large;
splitmix64 gives the same sequence on CPython and in Pyodide and fits in a JSON number (as a string
when above 2**53, so it is kept as a string)."""

MASK = (1 << 64) - 1


def seed_state(seed: int) -> str:
    return str(seed & MASK)


def next_u64(state: str) -> tuple[int, str]:
    s = (int(state) + 0x9E3779B97F4A7C15) & MASK
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), str(s)


def below(state: str, n: int) -> tuple[int, str]:
    """A uniform integer in [0, n), by rejection so no value is favoured."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x, state = next_u64(state)
        if x < limit:
            return x % n, state


def shuffled(state: str, items: list) -> tuple[list, str]:
    """Fisher–Yates: every permutation equally likely."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state


def sample(state: str, population: list, k: int) -> tuple[list, str]:
    picked, state = shuffled(state, population)
    return picked[:k], state
