"""DESIGN.md's import rules, checked on the syntax tree of every file (comments and strings cannot fool it).

Imports point one way: webapp -> models.service -> models.db -> models.rules; models.catalog is data.
Relative imports are resolved; `importlib.import_module("x")` / `__import__("x")` with a literal count too.
Imports under `if TYPE_CHECKING:` count as well: a type-only dependency is still a dependency.
Inside models/rules, core.py and the shared modules beside it know no game system, and no system imports another:
each registers its board and commands with the core (DESIGN.md "Layers and folders").
The web imports the service, the rules' shared face (models.rules) and each system's face (models.rules.<system>,
with its builders), never a rule module nor the database; the catalog's cards are data it may read. It sends the
commands the rules offer (an option's) or a face's builders make, never one it builds by hand.
The service and the web look a game system up by name (models/service/systems.py) and never branch on the name.
A face exports commands, options, builders, types and constants: what the web shows or decides comes from the service.
"""

import ast
import importlib
import inspect
import types
from pathlib import Path

from pydantic import BaseModel

from models.rules import GameState

REPO_ROOT = Path(__file__).resolve().parents[1]


# Packages under models/rules that every system shares rather than systems of their own.
SHARED_PACKAGES = {"tournament"}


def game_systems(root: Path = REPO_ROOT) -> list[str]:
    """The game system packages under models/rules (every subpackage but the shared ones), as module names."""
    return sorted(f"models.rules.{p.parent.name}" for p in (root / "models" / "rules").glob("*/__init__.py")
                  if p.parent.name not in SHARED_PACKAGES)


def imported_modules(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in `source`, the code of module `module`.

    `from a.b import c` yields both `a.b` and `a.b.c` (c may be a submodule), so `from models import db`
    is caught by a rule against `models.db`.
    """
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target:
                found.append((node.lineno, target))
            found += [(node.lineno, f"{target}.{a.name}".lstrip(".")) for a in node.names if a.name != "*"]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Name) and node.func.id == "__import__")
                   or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"))):
            found.append((node.lineno, node.args[0].value))
    return found


def matches(name: str, forbidden: str) -> bool:
    return name == forbidden or name.startswith(forbidden + ".")


def violations(folder: str, forbidden: list[str], root: Path = REPO_ROOT, pattern: str = "**/*.py") -> list[str]:
    """'path:line imports name' for each import under `folder` (e.g. 'models/rules') of a forbidden module;
    `pattern` "*.py" looks at the folder's own files only, not its subfolders."""
    out: dict[tuple[str, int], str] = {}
    for path in sorted((root / folder).glob(pattern)):
        rel = path.relative_to(root).as_posix()
        is_package = path.name == "__init__.py"
        module = ".".join(Path(rel).parent.parts if is_package else Path(rel).with_suffix("").parts)
        for line, name in imported_modules(path.read_text(encoding="utf-8"), module, is_package):
            if any(matches(name, f) for f in forbidden):
                out.setdefault((rel, line), f"{rel}:{line} imports {name!r}")  # one entry per statement
    return [out[k] for k in sorted(out)]


def check(folder: str, forbidden: list[str]) -> None:
    found = violations(folder, forbidden)
    rule = f"{folder}/ must not import {', '.join(forbidden)} (DESIGN.md, layers)"
    assert not found, rule + ":\n  " + "\n  ".join(found)


def test_models_do_not_import_the_web():
    check("models", ["nicegui", "webapp"])


def test_rules_are_pure():
    check("models/rules", ["sqlmodel", "sqlalchemy", "nicegui", "random", "secrets", "time", "datetime",
                           "models.db", "models.service", "webapp"])


def test_db_does_not_import_service_or_web():
    check("models/db", ["models.service", "webapp"])


def test_service_does_not_import_web():
    check("models/service", ["webapp"])


def test_catalog_is_data():
    check("models/catalog", ["models.db", "models.service", "webapp", "nicegui"])


def core_imports_of_systems(root: Path = REPO_ROOT) -> list[str]:
    """Imports of a game system by models/rules' own modules and shared packages; ``systems.py`` alone may import
    every system, to register them all in one place."""
    found = violations("models/rules", game_systems(root), root=root, pattern="*.py")
    for shared in sorted(SHARED_PACKAGES):
        found += violations(f"models/rules/{shared}", game_systems(root), root=root)
    return [v for v in found if not v.startswith("models/rules/systems.py:")]


def test_the_rules_core_knows_no_game():
    assert len(game_systems()) >= 3
    found = core_imports_of_systems()
    assert not found, "core.py and the shared rules modules must not import a game system:\n  " + "\n  ".join(found)


def system_names_in(path: Path, root: Path = REPO_ROOT) -> list[str]:
    """'path:line' for each string in ``path``'s code (docstrings aside) that is a game system's name."""
    names = {s.rsplit(".", 1)[-1] for s in game_systems(root)}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [f"{path.relative_to(root).as_posix()}:{n.lineno}" for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and id(n) not in docs and n.value in names]


def test_the_rules_core_names_no_game_system():
    found = system_names_in(REPO_ROOT / "models/rules/core.py")
    assert not found, "core.py must not name a game system (no default system):\n  " + "\n  ".join(found)


def system_mentions_in(path: Path, root: Path = REPO_ROOT) -> list[str]:
    """'path:line' for each line of ``path`` (code, strings, comments and imports alike) that mentions a game
    system's name, in any case."""
    names = [s.rsplit(".", 1)[-1] for s in game_systems(root)]
    lines = path.read_text(encoding="utf-8").splitlines()
    return [f"{path.relative_to(root).as_posix()}:{n}" for n, line in enumerate(lines, 1)
            if any(name in line.lower() for name in names)]


def test_the_rules_core_mentions_no_game_system_at_all():
    """Each system keeps its state on its own board: core.py has nothing to say of any system, even in words."""
    found = system_mentions_in(REPO_ROOT / "models/rules/core.py")
    assert not found, "core.py must not mention a game system:\n  " + "\n  ".join(found)


def test_checker_finds_a_core_that_mentions_a_game(tmp_path):
    (tmp_path / "models" / "rules" / "chess").mkdir(parents=True)
    (tmp_path / "models" / "rules" / "chess" / "__init__.py").write_text("")
    core = tmp_path / "models" / "rules" / "core.py"
    core.write_text('"""A core."""\nfrom models.catalog.schema import Frozen\n')
    assert system_mentions_in(core, tmp_path) == []
    core.write_text('"""A core."""\nfrom models.rules.chess.match import Pawn  # the Chess board\n\nPAWN = Pawn\n')
    assert system_mentions_in(core, tmp_path) == ["models/rules/core.py:2"]


# What every game system's state has; the rest is on each system's own board.
SHARED_STATE = {"system", "title", "players", "round", "active", "first", "phase", "step", "board"}


def unshared_fields(state_cls: type[BaseModel]) -> list[str]:
    """The fields of ``state_cls`` that are not shared by every game system."""
    return sorted(set(state_cls.model_fields) - SHARED_STATE)


def test_the_state_holds_only_what_every_system_shares():
    assert unshared_fields(GameState) == []


def test_checker_finds_a_field_of_one_system_on_the_state():
    class OneSystemsState(GameState):
        models: tuple[str, ...] = ()

    assert unshared_fields(OneSystemsState) == ["models"]


def test_checker_finds_a_core_that_names_a_game(tmp_path):
    (tmp_path / "models" / "rules" / "chess").mkdir(parents=True)
    (tmp_path / "models" / "rules" / "chess" / "__init__.py").write_text("")
    core = tmp_path / "models" / "rules" / "core.py"
    core.write_text('"""Knows chess by name only here."""\nsystem: str = ""\n')
    assert system_names_in(core, tmp_path) == []  # a docstring may speak of a game
    core.write_text('"""A core."""\nsystem: str = "chess"\n')
    assert system_names_in(core, tmp_path) == ["models/rules/core.py:2"]


# What the web may import from models/: the service (any of its modules), the faces, and the catalog's data.
WEB_MAY_IMPORT = ("models.service", "models.catalog")


def web_imports_past_the_faces(root: Path = REPO_ROOT) -> list[str]:
    """'path:line imports name' for each import in webapp/ of a models module other than the service, the catalog,
    the rules' shared face and the systems' faces (with the builders each face exports), and for a rule module
    taken from a face by name."""
    faces = {"models.rules", *game_systems(root), *(f"{system}.builders" for system in game_systems(root))}
    out = []
    for path in sorted((root / "webapp").glob("**/*.py")):
        rel = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module] if node.module not in faces else [
                    f"{node.module}.{a.name}" for a in node.names
                    if (root / node.module.replace(".", "/") / a.name).with_suffix(".py").exists()
                    or (root / node.module.replace(".", "/") / a.name / "__init__.py").exists()]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                if matches(name, "models") and name not in faces and not any(matches(name, m) for m in WEB_MAY_IMPORT):
                    out.append(f"{rel}:{node.lineno} imports {name!r}")
    return out


def test_the_web_imports_only_the_service_and_the_faces():
    found = web_imports_past_the_faces()
    assert not found, "webapp/ must import the rules through their faces only (DESIGN.md):\n  " + "\n  ".join(found)


def test_no_game_system_imports_another():
    systems = game_systems()
    for system in systems:
        check(system.replace(".", "/"), [other for other in systems if other != system])


def game_service_imports_of_systems(root: Path = REPO_ROOT) -> list[str]:
    """Imports of a game system by models/service/games.py: GameService sets up, runs and undoes games of every
    system alike (each system's builders make its commands), so it needs none of their rule modules."""
    return violations("models/service", game_systems(root), root=root, pattern="games.py")


def test_the_game_service_imports_no_game_system():
    assert (REPO_ROOT / "models" / "service" / "games.py").exists()
    found = game_service_imports_of_systems()
    assert not found, "models/service/games.py must not import a game system:\n  " + "\n  ".join(found)


def test_checker_finds_a_game_service_that_imports_a_game(tmp_path):
    rules, service = tmp_path / "models" / "rules", tmp_path / "models" / "service"
    (rules / "chess").mkdir(parents=True)
    service.mkdir(parents=True)
    (rules / "chess" / "__init__.py").write_text("")
    (service / "games.py").write_text("from models.rules import apply\nfrom models.rules.chess.setup import Start\n"
                                      "from ..rules import chess\n")
    (service / "lists.py").write_text("from models.rules.chess import builders\n")  # another service module may
    assert game_service_imports_of_systems(tmp_path) == [
        "models/service/games.py:2 imports 'models.rules.chess.setup'",
        "models/service/games.py:3 imports 'models.rules.chess'"]


# --- the checker itself: it must see what it is meant to forbid ---

# The site's event services: they ask the event's system for its tournament hook (models/rules/tournament/hook.py)
# through the registry, never import its rules (DESIGN.md "An event is read like a game").
EVENT_SERVICES = "models/service/events"


def event_service_imports_of_systems(root: Path = REPO_ROOT) -> list[str]:
    """Imports of a game system package by the site's event services (their folder, and any ``event*.py`` left
    beside it)."""
    systems = game_systems(root)
    return sorted(violations(EVENT_SERVICES, systems, root=root)
                  + violations("models/service", systems, root=root, pattern="event*.py"))


def test_the_event_services_import_no_game_system():
    assert (REPO_ROOT / EVENT_SERVICES / "service.py").exists()
    found = event_service_imports_of_systems()
    assert not found, ("the event services ask the system's tournament hook, never import a game system:\n  "
                       + "\n  ".join(found))


def test_checker_finds_an_event_service_that_imports_a_game(tmp_path):
    rules, service = tmp_path / "models" / "rules", tmp_path / "models" / "service"
    for package in ("chess", "tournament"):
        (rules / package).mkdir(parents=True)
        (rules / package / "__init__.py").write_text("")
    (service / "events").mkdir(parents=True)
    (service / "events" / "rounds.py").write_text("from models.rules.tournament.hook import Opening\n"
                                                  "from models.rules.chess.setup import Start\n")
    (service / "events" / "clock.py").write_text("from ...rules import chess\n")
    (service / "events" / "hall.py").write_text("from models.rules import tournament_of\n")
    (service / "event_venue.py").write_text("from models.rules.chess import RULES\n")  # beside the folder
    (service / "lists.py").write_text("from models.rules.chess import builders\n")  # no event service
    assert game_systems(tmp_path) == ["models.rules.chess"]  # the shared package is no system
    assert event_service_imports_of_systems(tmp_path) == [
        "models/service/event_venue.py:1 imports 'models.rules.chess'",
        "models/service/events/clock.py:1 imports 'models.rules.chess'",
        "models/service/events/rounds.py:2 imports 'models.rules.chess.setup'"]


def test_checker_resolves_relative_and_dynamic_imports():
    source = (
        "from ..db import engine\n"          # models.rules.core -> models.db
        "from .. import service\n"           # -> models.service
        "from . import dice\n"               # -> models.rules.dice (allowed)
        "import random as r\n"
        "from datetime import datetime\n"
        "import importlib\nimportlib.import_module('nicegui.ui')\n"
        "'import time'  # a string, not an import\n"
    )
    names = {name for _, name in imported_modules(source, "models.rules.core")}
    assert {"models.db", "models.db.engine", "models.service", "models.rules.dice", "random", "datetime",
            "nicegui.ui"} <= names
    assert "time" not in names
    # In a package's __init__.py, "." is the package itself.
    in_init = imported_modules("from .core import apply", "models.rules", is_package=True)
    assert in_init[0] == (1, "models.rules.core")


def test_checker_reports_file_and_line(tmp_path):
    rules = tmp_path / "models" / "rules"
    rules.mkdir(parents=True)
    (rules / "__init__.py").write_text("")
    (rules / "bad.py").write_text("import os\n\nfrom ..service import GameService\nimport time\n")
    (rules / "good.py").write_text("from dataclasses import dataclass\nfrom . import bad\n")
    found = violations("models/rules", ["models.service", "time"], root=tmp_path)
    assert found == ["models/rules/bad.py:3 imports 'models.service'", "models/rules/bad.py:4 imports 'time'"]
    assert violations("models/missing", ["time"], root=tmp_path) == []


def test_checker_finds_a_core_that_imports_a_game(tmp_path):
    rules = tmp_path / "models" / "rules"
    for system in ("chess", "go"):
        (rules / system).mkdir(parents=True)
        (rules / system / "__init__.py").write_text("")
    (rules / "systems.py").write_text("from . import chess, go\n")  # positive control: the one place
    (rules / "__init__.py").write_text("from . import chess\n")
    (rules / "core.py").write_text("from .chess.state import Board\n")
    (rules / "go" / "rules.py").write_text("from models.rules.chess import state\n")
    assert game_systems(tmp_path) == ["models.rules.chess", "models.rules.go"]
    assert core_imports_of_systems(tmp_path) == ["models/rules/__init__.py:1 imports 'models.rules.chess'",
                                                 "models/rules/core.py:1 imports 'models.rules.chess.state'"]
    assert violations("models/rules/go", ["models.rules.chess"], root=tmp_path) == [
        "models/rules/go/rules.py:1 imports 'models.rules.chess'"]


def test_checker_finds_the_web_reaching_past_a_face(tmp_path):
    rules = tmp_path / "models" / "rules"
    (rules / "chess").mkdir(parents=True)
    for init in (rules / "__init__.py", rules / "chess" / "__init__.py"):
        init.write_text("")
    (rules / "chess" / "moves.py").write_text("")
    (rules / "chess" / "builders.py").write_text("")
    (tmp_path / "webapp").mkdir()
    (tmp_path / "webapp" / "board.py").write_text(
        "from models.rules.chess import Castle, moves\n"     # a name from the face; a rule module through it
        "from models.rules.chess.moves import Castle\n"      # a rule module
        "import models.db.engine\n"
        "from models.service import GameService\n"           # allowed: the service, the faces, the catalog
        "from models.rules import Option\n"
        "from models.catalog.schema import Card\n"
        "def late():\n    from models.db import notify\n"
        "from models.rules.chess import builders\n")         # allowed: the builders the face exports
    assert web_imports_past_the_faces(tmp_path) == [
        "webapp/board.py:1 imports 'models.rules.chess.moves'", "webapp/board.py:2 imports 'models.rules.chess.moves'",
        "webapp/board.py:3 imports 'models.db.engine'", "webapp/board.py:8 imports 'models.db'"]


# --- a game system is looked up, never branched on by its name ---

def system_names(root: Path = REPO_ROOT) -> set[str]:
    """The game systems' names ("warmachine", ...), one per package under models/rules."""
    return {name.rsplit(".", 1)[1] for name in game_systems(root)}


def _names_system(node: ast.AST) -> bool:
    """`system`, `x.system` or `x["system"]`: an expression that holds a game system's name."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "system"
    return (isinstance(node, ast.Name) and node.id == "system") or (
        isinstance(node, ast.Attribute) and node.attr == "system")


def _strings(node: ast.AST) -> set[str]:
    """The string constants `node` is or (a tuple, list or set literal) holds."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    return {i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)}


def _chooses_by_system(node: ast.AST, names: set[str]) -> bool:
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        literal = set().union(*(_strings(s) for s in sides))
        return bool(literal & names) or bool(literal and any(_names_system(s) for s in sides))
    if isinstance(node, ast.Match):
        return _names_system(node.subject)
    if isinstance(node, ast.MatchValue):
        return bool(_strings(node.value) & names)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
            and len(node.args) == 2 and _names_system(node.args[0]))


def system_dispatches(source: str, names: set[str]) -> list[int]:
    """Lines of `source` that choose by a game system's name: a comparison with a system's name (`== "warlord"`,
    `in ("warlord", "warband")`) or of a system-valued expression with a string, a `match` on one, or a
    `.get(x.system, default)` that falls back to a default system."""
    return sorted({node.lineno for node in ast.walk(ast.parse(source)) if _chooses_by_system(node, names)})


def dispatches_on_system_names(root: Path = REPO_ROOT) -> list[str]:
    """'path:line' for each choice by a game system's name in the service and the web."""
    names = system_names(root)
    out = []
    for folder in ("models/service", "webapp"):
        for path in sorted((root / folder).glob("**/*.py")):
            rel = path.relative_to(root).as_posix()
            out += [f"{rel}:{line}" for line in system_dispatches(path.read_text(encoding="utf-8"), names)]
    return out


def test_no_service_or_web_module_dispatches_on_a_system_name():
    assert system_names() >= {"warmachine", "warlord", "warband"}
    found = dispatches_on_system_names()
    assert not found, ("the service and the web look a game system up (models/service/systems.py), never branch "
                       "on its name (DESIGN.md):\n  " + "\n  ".join(found))


def test_checker_finds_a_branch_on_a_system_name():
    names = {"warmachine", "warlord", "warband"}
    source = (
        'if system == "warmachine":\n'                                        # 1
        '    pass\n'
        'turn = "game turn" if data["system"] == "warlord" else "round"\n'   # 3
        'if state.system in ("warlord", "warband"):\n'                      # 4
        '    pass\n'
        'if "warband" != kind:\n'                                            # 6
        '    pass\n'
        'match state.system:\n'                                              # 8
        '    case "warlord":\n'                                              # 9
        '        pass\n'
        'label = LABELS.get(game.system, "Warmachine")\n'                   # 11
        'if view.state.system == "warmahcine":\n'                           # 12: a typo is still a branch on a name
        '    pass\n'
    )
    assert system_dispatches(source, names) == [1, 3, 4, 6, 8, 9, 11, 12]
    # A lookup, a system as data and a comparison of two games' systems are not a branch on a name.
    assert system_dispatches(
        'view = game_system(state.system).view(state, "")\n'
        'WARLORD = GameSystem(name="warlord", label="Warlord")\n'
        'same = event.system == game.system\n'
        'if kind == "damage":\n    pass\n', names) == []


def test_checker_scans_the_service_and_the_web(tmp_path):
    (tmp_path / "models" / "rules" / "chess").mkdir(parents=True)
    (tmp_path / "models" / "rules" / "chess" / "__init__.py").write_text("")
    (tmp_path / "models" / "service").mkdir(parents=True)
    (tmp_path / "models" / "service" / "views.py").write_text('x = 1\nif state.system == "chess":\n    pass\n')
    (tmp_path / "webapp" / "pages").mkdir(parents=True)
    (tmp_path / "webapp" / "pages" / "table.py").write_text('big = "chess" in (state.system,)\n')
    (tmp_path / "models" / "rules" / "chess" / "core.py").write_text('if system == "chess":\n    pass\n')
    assert dispatches_on_system_names(tmp_path) == ["models/service/views.py:2", "webapp/pages/table.py:1"]


# --- each service reaches the database through its own repositories ---

def repository_reaches(source: str) -> list[int]:
    """Lines of `source` that use another object's repository (`games.repo`, `self.events.repo`) or take a
    repository's engine to build another one (`self.repo.engine`): a service gets its own repositories (or
    asks the other service) instead."""
    return sorted({node.lineno for node in ast.walk(ast.parse(source)) if _reaches(node)})


def _reaches(node: ast.AST) -> bool:
    if not isinstance(node, ast.Attribute):
        return False
    if node.attr == "repo":
        return not (isinstance(node.value, ast.Name) and node.value.id == "self")
    return node.attr == "engine" and isinstance(node.value, ast.Attribute) and node.value.attr == "repo"


def repository_reaches_in(root: Path = REPO_ROOT) -> list[str]:
    out = []
    for folder in ("models/service", "webapp"):
        for path in sorted((root / folder).glob("**/*.py")):
            rel = path.relative_to(root).as_posix()
            out += [f"{rel}:{line}" for line in repository_reaches(path.read_text(encoding="utf-8"))]
    return out


def test_no_service_or_web_module_reaches_through_another_services_repository():
    found = repository_reaches_in()
    assert not found, ("a service uses its own repositories and asks other services, never their repository "
                       "(DESIGN.md, the site's layer):\n  " + "\n  ".join(found))


def test_checker_finds_a_reach_through_a_repository():
    source = (
        "self.repo = ListRepository(games.repo.engine)\n"       # 1: another service's repository
        "version = self.service.repo.version(game_id)\n"        # 2
        "books = MyDataRepository(self.repo.engine)\n"          # 3: its own repository's engine, for another
        "row = self.repo.get(owner, list_id)\n"                 # its own repository: allowed
        "self.repo = HallRepository(engine)\n"
        "version = self.service.version(game_id)\n"
    )
    assert repository_reaches(source) == [1, 2, 3]


# --- the web sends what the rules offer ---

def command_classes() -> set[str]:
    """The names of every command class the game systems register (their public vocabulary)."""
    from models.rules import COMMANDS

    return {cls.__name__ for cls in COMMANDS.values()}


def _is_class_check(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"
            and len(node.args) == 2)


def command_constructions(source: str, names: set[str]) -> list[int]:
    """Lines of `source` that build a rule's command by hand: a command class called (`MarkDamage(...)`,
    `warmachine.EndAttack()`) or handed on to be called later (`partial(Concede, seat=1)`, `make=Next`). Naming
    a class to check what an option carries (`isinstance(option.command, Summon)`) builds nothing."""
    tree = ast.parse(source)
    checked = {id(cls) for node in ast.walk(tree) if _is_class_check(node) for cls in ast.walk(node.args[1])}
    return sorted({node.lineno for node in ast.walk(tree) if id(node) not in checked and (
        (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in names)
        or (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr in names))})


def web_command_constructions(root: Path = REPO_ROOT, names: set[str] | None = None) -> list[str]:
    """'path:line' for each command the web builds by hand instead of sending an option's command (filled
    through its `ask`) or one a system's face builds (`models.rules.<system>.builders`)."""
    names = command_classes() if names is None else names
    out = []
    for path in sorted((root / "webapp").glob("**/*.py")):
        rel = path.relative_to(root).as_posix()
        out += [f"{rel}:{line}" for line in command_constructions(path.read_text(encoding="utf-8"), names)]
    return out


def test_the_web_builds_no_command_by_hand():
    assert {"MarkDamage", "Next", "WarlordSetup"} <= command_classes()
    found = web_command_constructions()
    assert not found, ("the web sends an option's command or one a face's builders make, never one it builds "
                       "(DESIGN.md, the web):\n  " + "\n  ".join(found))


def test_checker_finds_a_command_built_by_hand(tmp_path):
    names = {"MarkDamage", "Concede", "Next", "Summon"}
    source = (
        "from models.rules.warmachine import MarkDamage, Summon\n"
        "await view.send(MarkDamage(model=m.id, amount=1))\n"           # 2: called
        "button(partial(Concede, seat=1))\n"                             # 3: handed on to be called
        "command = warband.Next()\n"                                     # 4: through the face's module
        "assert isinstance(option.command, Summon)\n"                    # a class check builds nothing
        "if isinstance(c, (Summon, MarkDamage)):\n    pass\n"
        "await view.send(answered(option, amount=2))\n"                  # the option's own command
        "await view.send(builders.concede(1))\n"                         # a face's builder
    )
    assert command_constructions(source, names) == [2, 3, 4]
    (tmp_path / "webapp" / "components").mkdir(parents=True)
    (tmp_path / "webapp" / "components" / "damage.py").write_text(source)
    (tmp_path / "models" / "rules").mkdir(parents=True)
    (tmp_path / "models" / "rules" / "damage.py").write_text(source)  # the rules build their own commands
    assert web_command_constructions(tmp_path, names) == [
        "webapp/components/damage.py:2", "webapp/components/damage.py:3", "webapp/components/damage.py:4"]


# What a face may export besides command classes, types and constants: its builders (the commands the web may
# build), its options and the reader of its own board. Everything else the web needs to show or decide comes from
# the service (models/service/views, completion, list_view, ...).
FACE_FUNCTIONS = {"board", "turn_options"}


def face_queries(face: object) -> list[str]:
    """The plain functions a system's face exports beyond FACE_FUNCTIONS: queries the web should ask the service."""
    return sorted(name for name in getattr(face, "__all__", ())
                  if inspect.isfunction(getattr(face, name)) and name not in FACE_FUNCTIONS)


def test_the_faces_export_commands_options_and_types_not_queries():
    faces = {name: importlib.import_module(name) for name in game_systems()}
    assert set(faces) == {"models.rules.warband", "models.rules.warlord", "models.rules.warmachine"}
    found = {name: face_queries(face) for name, face in faces.items() if face_queries(face)}
    assert not found, f"a face exports queries the web should get from the service (DESIGN.md, the web): {found}"


def test_checker_finds_a_query_on_a_face():
    face = types.ModuleType("models.rules.fake")

    def board(state: object) -> object:
        return state

    def marks_of(model: object) -> int:
        return 0

    face.board, face.marks_of, face.MarkDamage, face.LIMIT = board, marks_of, type("MarkDamage", (), {}), 3
    face.__all__ = ["board", "marks_of", "MarkDamage", "LIMIT"]
    assert face_queries(face) == ["marks_of"]
