"""The harness's package graph: every module imports, and the subpackages of ``p4slice_harness``
depend on each other in one direction only (imports inside functions count: a lazy import is
still a dependency)."""

import ast
import importlib
from pathlib import Path

import pytest

import p4slice_harness

PACKAGE = Path(p4slice_harness.__file__).resolve().parent


def modules():
    """Dotted names of every module of the harness (``__main__`` modules left out: they run)."""
    out = []
    for f in sorted(PACKAGE.rglob("*.py")):
        parts = list(f.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out.append(".".join(parts))
    return out


def subpackages():
    return sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())


def imported(path: Path):
    """Dotted names of the harness modules or packages that ``path`` imports, anywhere in it."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = parts[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = base + (node.module.split(".") if node.module else [])
            names.update(".".join(target + [a.name]) for a in node.names)
            names.add(".".join(target))
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return {n for n in names if n.split(".")[0] == PACKAGE.name}


def subpackage_graph():
    """{subpackage: {subpackages it imports}}."""
    subs = set(subpackages())
    graph = {s: set() for s in subs}
    for f in PACKAGE.rglob("*.py"):
        rel = f.relative_to(PACKAGE).parts
        if len(rel) < 2 or rel[0] not in subs:
            continue
        for name in imported(f):
            parts = name.split(".")
            if len(parts) > 1 and parts[1] in subs and parts[1] != rel[0]:
                graph[rel[0]].add(parts[1])
    return graph


def cycle(graph):
    """One cycle of the graph as a list of nodes, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


@pytest.mark.parametrize("name", modules())
def test_every_module_imports(name):
    importlib.import_module(name)


def test_the_cycle_finder_finds_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_between_subpackages():
    graph = subpackage_graph()
    assert cycle(graph) is None, f"import cycle {' -> '.join(cycle(graph))}; graph {graph}"


def test_the_layers_are_as_documented():
    """p4rt at the bottom; net on it; the ONOS lab on net; Mininet, the cluster lab, Tofino and the
    benches above; the acceptance run on the ONOS lab's and the network's code."""
    graph = subpackage_graph()
    assert graph["p4rt"] == set()
    assert graph["net"] <= {"p4rt"}
    assert graph["onos"] <= {"net", "p4rt"}
    assert graph["mn"] <= {"net", "onos", "p4rt"}
    assert graph["acceptance"] <= {"net", "onos", "p4rt"}
