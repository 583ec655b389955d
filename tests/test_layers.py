"""The layers of thousand/ point one way, and no module imports itself round a circle (issue 21,
Must 2; docs/architecture.md). The import graph is read from the source with `ast`, so an import
hidden inside a function (done late to load less at start-up) counts as much as one at the top:
it still ties the two modules together.

An edge is any of: `import a.b`, `from a import b` (to a.b when that is a module, else to a),
relative imports, `importlib.import_module("a.b")`, and a string that is exactly the name of a
module of thousand/ (a registry naming the module to import later, as thousand.bots does)."""
import ast
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "thousand"

# Who may not import whom: (importers, imported), each a module name or a package prefix.
ENGINES = ("thousand.cards", "thousand.dice")
BOTS = ("thousand.bots",)
UI, MATCHES, CLI = "thousand.ui", "thousand.matches", "thousand.cli"
FOUNDATIONS = ("thousand.statistics", "thousand.storage", "thousand.datafile",
               "thousand.conventions", "thousand.i18n")
FORBIDDEN = (
    (ENGINES, (UI, "thousand.bots", MATCHES, CLI)),
    (BOTS, (UI, MATCHES, CLI)),
    (FOUNDATIONS, (UI, "thousand.bots")),
    (("thousand.friends",), (UI, "thousand.bots", MATCHES, CLI)),  # the host's referee: pure
)

def module_files() -> dict:
    """Every module of thousand/ by its dotted name (a package by its own name, not __init__)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _absolute(module: str, path: Path, level: int, name: str | None) -> str:
    """A relative import's target as a dotted name."""
    if not level:
        return name or ""
    base = module.split(".")
    if not _is_package(path):
        base = base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _import_module_call(node) -> str | None:
    """The literal name in `importlib.import_module("a.b")` (or `import_module("a.b")`)."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    f = node.func
    called = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
    first = node.args[0]
    if called in ("import_module", "__import__") and isinstance(first, ast.Constant) \
            and isinstance(first.value, str):
        return first.value
    return None


def imports_of(module: str, path: Path, known: dict) -> set:
    """The modules of thousand/ that `module` imports, anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = set()

    def add(name):
        # the longest known module the name starts with: "thousand.cards.cards.rank" is a
        # module's attribute, "thousand.cards" the package
        parts = name.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        if parts:
            found.add(".".join(parts))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, path, node.level, node.module)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in known else base)
        elif (name := _import_module_call(node)) is not None:
            add(name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in known and node.value.startswith("thousand."):
            add(node.value)
    found.discard(module)
    return found


def import_graph() -> dict:
    known = module_files()
    return {m: imports_of(m, p, known) for m, p in known.items()}


def circles(graph: dict) -> list:
    """The strongly connected parts of more than one module (Tarjan), each a sorted list."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        # iterative, so a long chain of imports cannot reach Python's recursion limit
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        part.append(w)
                        if w == node:
                            break
                    if len(part) > 1:
                        out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def shortest_circle(graph: dict, part: list) -> list:
    """One circle through the first module of a strongly connected part, as a path that ends
    where it starts: what the failure message shows."""
    inside, start = set(part), part[0]
    came = {start: None}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for w in sorted(graph[v] & inside):
            if w == start:
                path = [v]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return list(reversed(path)) + [start]
            if w not in came:
                came[w] = v
                queue.append(w)
    return part


def _under(module: str, prefixes) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def wrong_way(graph: dict) -> list:
    """Every import that points the wrong way, as (importer, imported)."""
    out = []
    for importer, targets in sorted(graph.items()):
        for target in sorted(targets):
            for lower, higher in FORBIDDEN:
                if _under(importer, lower) and _under(target, higher):
                    out.append((importer, target))
    return out


# --- the graph reader reads what it must -------------------------------------------------------

def _graph_of(tmp_path, files: dict) -> dict:
    known = {}
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        parts = list(Path(rel).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        known[".".join(parts)] = path
    return {m: imports_of(m, p, known) for m, p in known.items()}


def test_the_reader_sees_imports_inside_functions_relative_ones_and_import_module(tmp_path):
    graph = _graph_of(tmp_path, {
        "thousand/__init__.py": "",
        "thousand/cards/__init__.py": "",
        "thousand/cards/a.py": "def f():\n    from . import b\n",
        "thousand/cards/b.py": "import importlib\n"
                               "def g():\n    importlib.import_module('thousand.cards.c')\n",
        "thousand/cards/c.py": "from ..ui.x import y\nfrom thousand.cards.a import f\n",
        "thousand/ui/__init__.py": "",
        "thousand/ui/x.py": "REG = {'k': 'thousand.bots.z'}\n",
        "thousand/bots/__init__.py": "",
        "thousand/bots/z.py": "",
    })
    assert graph["thousand.cards.a"] == {"thousand.cards.b"}
    assert graph["thousand.cards.b"] == {"thousand.cards.c"}
    assert graph["thousand.cards.c"] == {"thousand.ui.x", "thousand.cards.a"}
    assert graph["thousand.ui.x"] == {"thousand.bots.z"}
    assert circles(graph) == [["thousand.cards.a", "thousand.cards.b", "thousand.cards.c"]]
    assert shortest_circle(graph, circles(graph)[0]) == \
        ["thousand.cards.a", "thousand.cards.b", "thousand.cards.c", "thousand.cards.a"]
    assert wrong_way(graph) == [("thousand.cards.c", "thousand.ui.x")]


# --- thousand/ itself -------------------------------------------------------------------------

def test_the_graph_covers_the_layers():
    graph = import_graph()
    for layer in ("thousand.cards.game", "thousand.dice.game", "thousand.bots.heuristic",
                  "thousand.ui.app", "thousand.statistics", "thousand.i18n"):
        assert layer in graph
    assert "thousand.cards.dealing" in graph["thousand.cards.opening"]
    assert "thousand.bots.search.bot" in graph["thousand.bots"]  # named in its registry


def test_no_import_circles():
    graph = import_graph()
    found = circles(graph)
    assert found == [], "import circles: " + "; ".join(
        " → ".join(shortest_circle(graph, part)) for part in found)


def test_no_layer_imports_one_above_it():
    assert wrong_way(import_graph()) == []


if __name__ == "__main__":  # the counts for a report: python tests/test_layers.py
    g = import_graph()
    parts = circles(g)
    print(f"modules {len(g)}, imports {sum(len(t) for t in g.values())}")
    print(f"circles {len(parts)}")
    for part in parts:
        print("  " + " → ".join(shortest_circle(g, part)) + f"   (part of {len(part)})")
    arrows = wrong_way(g)
    print(f"wrong-way imports {len(arrows)}")
    for a, b in arrows:
        print(f"  {a} → {b}")
