"""Content never imports a blueprint, no import cycle, the page store imports no feature, and
only motorlab.web.flask_internals reaches past a framework's public API."""

import ast

import pytest

from tests.support.app import ROOT

SITE = ROOT / "site"
CONTENT = SITE / "motorlab" / "content"
BLUEPRINTS = ("motorlab.contact", "motorlab.pages", "motorlab.seo")


def module_name(path) -> str:
    parts = path.relative_to(SITE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


MODULES = {module_name(path): path for path in (SITE / "motorlab").rglob("*.py")}


def imported_modules(path) -> set[str]:
    """Every module `path` imports, anywhere: `from a import b` names `a.b` when that is a
    module of the package, else `a`; relative imports made absolute."""
    package = module_name(path).split(".")[: None if path.name == "__init__.py" else -1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                found.add(submodule if submodule in MODULES else module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("path", sorted(CONTENT.rglob("*.py")), ids=lambda p: p.name)
def test_content_imports_no_blueprint(path):
    reaching_up = [
        module for module in imported_modules(path) if any(within(module, bp) for bp in BLUEPRINTS)
    ]
    assert reaching_up == []


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The cycles a depth-first walk closes: empty exactly when the graph has none."""
    cycles, done, path = [], set(), []

    def visit(module):
        path.append(module)
        for imported in sorted(graph[module]):
            if imported in path:
                cycles.append(path[path.index(imported) :] + [imported])
            elif imported not in done:
                visit(imported)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            visit(module)
    return cycles


def package_graph() -> dict[str, set[str]]:
    return {
        name: {imported for imported in imported_modules(path) if imported in MODULES} - {name}
        for name, path in MODULES.items()
    }


def reachable(graph: dict[str, set[str]], module: str) -> set[str]:
    found, todo = set(), [module]
    while todo:
        for imported in graph[todo.pop()] - found:
            found.add(imported)
            todo.append(imported)
    return found


def test_no_import_cycle():
    # A cycle works only while each side imports the other late enough.
    graph = package_graph()
    assert len(graph) > 50  # the walk found the package
    cycles = [" -> ".join(cycle) for cycle in import_cycles(graph)]
    assert cycles == [], "import cycles:\n" + "\n".join(cycles)
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert import_cycles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_the_page_store_imports_no_feature():
    # The store is generic: the site's policy is handed to it (motorlab.web.page_cache). The
    # package's packages but motorlab.web are features; the package itself is create_app.
    packages = {name for name, path in MODULES.items() if path.name == "__init__.py"}
    packages -= {"motorlab.web"}
    reached = reachable(package_graph(), "motorlab.web.page_store")
    assert "motorlab.web.compression" in reached  # the walk follows the store's imports
    features = [
        module
        for module in sorted(reached)
        if module == "motorlab" or any(within(module, p) for p in packages - {"motorlab"})
    ]
    assert features == []


INTERNALS = MODULES["motorlab.web.flask_internals"]
# Werkzeug's sans-IO layer, under the WSGI functions that are its public face.
PRIVATE_MODULE_PARTS = {"sansio"}
ATTRIBUTE_CALLS = ("getattr", "hasattr", "setattr")  # `getattr(x, "_name")`


def private(name) -> bool:
    return isinstance(name, str) and name.startswith("_") and not name.startswith("__")


def framework_internals(path) -> list[str]:
    """A private attribute of an object not its own (`x._name`, `getattr(x, "_name")`) or an
    import from a private module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and private(node.attr):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in ATTRIBUTE_CALLS:
            name = node.args[1] if len(node.args) > 1 else None
            if isinstance(name, ast.Constant) and private(name.value):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            parts = node.module.split(".")
            if any(private(part) or part in PRIVATE_MODULE_PARTS for part in parts):
                found.append(f"from {node.module}")
    return found


def test_framework_internals_live_in_internals_py():
    # One module to read (and its tests to run) when Flask, Werkzeug or an extension changes.
    assert framework_internals(INTERNALS) != []  # the check sees them where they are
    reaching = {
        name: found
        for name, path in MODULES.items()
        if path != INTERNALS and (found := framework_internals(path))
    }
    assert reaching == {}
