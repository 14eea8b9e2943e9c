"""Every layout class a page names is styled.

The app runs without Tailwind's in-browser compiler (webapp/main.py), so a utility class such as ``gap-2`` or
``w-48`` only works if Quasar, NiceGUI or our own CSS (static/*.css) defines it. A class that nothing defines
would silently leave a row unspaced or a field at the wrong width; this check names it instead.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nicegui

ROOT = Path(__file__).resolve().parents[2]
NICEGUI_CSS = ("quasar.unimportant.prod.css", "quasar.important.prod.css", "nicegui.css")
# Class names of the utility kind (a property and a value): what Tailwind used to answer for.
UTILITY = re.compile(r"^(?:[a-z]+:)?(?:w|h|min-w|max-w|min-h|max-h|gap|p[xytrbl]?|m[xytrbl]?|text|font|leading|"
                     r"whitespace|items|justify|self|content|flex|grid|col|row|rounded|shadow|border|bg|overflow|"
                     r"opacity|cursor|space-[xy]|truncate)-[a-z0-9.]+$")
CLASS_LIST = re.compile(r"^[a-z0-9: .-]+$")
SELECTOR = re.compile(r"\.(-?[A-Za-z_][\w-]*)")


def defined_classes() -> set[str]:
    sheets = [Path(nicegui.__file__).parent / "static" / name for name in NICEGUI_CSS]
    sheets += sorted((ROOT / "static").glob("*.css"))
    return {name for sheet in sheets for name in SELECTOR.findall(sheet.read_text())}


def lookup_keys(tree: ast.AST) -> set[int]:
    """Strings used as a key (``headers.get("content-type")``, ``row["w-2"]``): names, not classes."""
    keys: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in {"get", "pop"}:
            keys.update(id(arg) for arg in node.args[:1])
        elif isinstance(node, ast.Subscript):
            keys.add(id(node.slice))
    return keys


def named_utilities() -> dict[str, str]:
    """Utility-like class names in the web app's strings (Python string literals, ``class="..."`` in our
    JavaScript), each with a file that names it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "webapp").rglob("*.py")):
        tree = ast.parse(path.read_text())
        keys = lookup_keys(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CLASS_LIST.match(node.value) \
                    and id(node) not in keys:
                for name in node.value.split():
                    if UTILITY.match(name):
                        found.setdefault(name, str(path.relative_to(ROOT)))
    for path in sorted([*(ROOT / "webapp").rglob("*.js"), *(ROOT / "static").glob("*.js")]):
        for attribute in re.findall(r'class="([^"]*)"', path.read_text()):
            for name in attribute.split():
                if UTILITY.match(name):
                    found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_every_utility_class_a_page_names_is_defined_by_a_stylesheet_the_page_loads() -> None:
    named = named_utilities()
    assert {"gap-2", "w-full", "items-center", "text-h6"} <= set(named)  # the scan sees the pages' classes
    defined = defined_classes()
    missing = {name: where for name, where in named.items() if name not in defined}
    assert missing == {}, f"classes named by the pages that no stylesheet defines: {missing}"


def test_the_check_notices_a_class_nothing_defines() -> None:
    """Positive control: a made-up width is not among the defined classes, a real one is."""
    defined = defined_classes()
    assert "w-1000" not in defined
    assert {"w-48", "gap-2", "justify-between"} <= defined
