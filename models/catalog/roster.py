"""The Mk III roster: every model's card id, name, role and faction, and the theme forces' composition, taken
from the open data package ``warmahordes-opendata`` (Apache-2.0) into ``roster/<faction>.json``.

``python -m models.catalog build`` rewrites those files from the installed package (``pip install -e
'.[catalog]'`` pins its version) and records the version in each file; the app reads only the written files, so
it never needs the package. Only facts are taken: names, ids, roles, factions and which models a theme force
may include; never a rule sentence of the package (its rule texts, flavour and theme rules are left out).
"""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from models.catalog.opendata import FACTIONS, PACKAGE, ROLES
from models.catalog.theme_parse import resolve

ROSTER_DIR = Path(__file__).parent / "roster"


@dataclass(frozen=True)
class RosterModel:
    card_id: int
    name: str
    role: str  # the catalog's role, or "arcana" for a Grymkin Arcana card
    faction: str  # the faction's slug


def slug(name: str) -> str:
    """A card key from a name: ASCII, lower case, words joined by '-' (apostrophes dropped: d'Vyaros -> dvyaros)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    plain = re.sub(r"['\u2019]", "", plain)
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:64].strip("-")


def roster_files() -> list[Path]:
    return sorted(ROSTER_DIR.glob("*.json"))


@cache
def roster() -> tuple[RosterModel, ...]:
    """Every model of the written roster, in faction then name order."""
    out: list[RosterModel] = []
    for path in roster_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [RosterModel(m["card_id"], m["name"], m["role"], data["slug"]) for m in data["models"]]
    return tuple(out)


@cache
def roster_version() -> str:
    """The package version the written roster was taken from (every file records it; they agree)."""
    versions = {str(json.loads(p.read_text(encoding="utf-8"))["version"]) for p in roster_files()}
    if len(versions) != 1:
        raise ValueError(f"the roster files come from several versions of {PACKAGE}: {sorted(versions)}")
    return versions.pop()


def roster_source(version: str | None = None) -> str:
    return f"https://pypi.org/project/{PACKAGE}/{version or roster_version()}/ (roster: card id, name, role, faction)"


@cache
def roster_themes() -> tuple[dict[str, Any], ...]:
    """The written theme forces: name, faction slug, and each composition line with the card ids it allows."""
    out: list[dict[str, Any]] = []
    for path in roster_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [{**theme, "faction": data["slug"]} for theme in data.get("themes", [])]
    return tuple(out)


# ----- building from the installed package ---------------------------------------------------------------------


def _package_data() -> tuple[str, Path]:
    from importlib.metadata import distribution

    dist = distribution(PACKAGE)
    return dist.version, Path(str(dist.locate_file("warmahordes_opendata"))) / "data"


def _read_yaml(path: Path) -> dict[str, Any]:
    import yaml  # type: ignore[import-untyped]  # installed with the package (``.[catalog]``)

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        """Reads the package's tagged documents (``!warmahordes_opendata.Model``) as plain mappings."""

    Loader.add_multi_constructor("!", lambda loader, _tag, node: loader.construct_mapping(node, deep=True))
    data: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader)  # noqa: S506 (SafeLoader subclass)
    return data


def build(out_dir: Path = ROSTER_DIR) -> str:
    """Rewrite the roster files from the installed package; returns a one-line summary."""
    version, data = _package_data()
    models: dict[str, list[dict[str, Any]]] = {s: [] for s in FACTIONS}
    for path in sorted((data / "models").rglob("*.yaml")):
        raw = _read_yaml(path)
        faction = raw["factions"][0]
        role = "arcana" if raw["role"] == "arcana" else ROLES[raw["role"]]
        models[faction].append({"card_id": int(raw["ppid"]), "name": str(raw["name"]).strip(), "role": role})
    themes: dict[str, list[dict[str, Any]]] = {s: [] for s in FACTIONS}
    for path in sorted((data / "themes").glob("*.yaml")):
        raw = _read_yaml(path)
        faction = raw["factions"][0]
        themes[faction].append(resolve(raw, models))
    out_dir.mkdir(exist_ok=True)
    for old in out_dir.glob("*.json"):
        old.unlink()
    for faction, rows in models.items():
        body = {"slug": faction, "faction": FACTIONS[faction], "package": PACKAGE, "version": version,
                "models": sorted(rows, key=lambda m: (m["name"], m["card_id"])), "themes": themes[faction]}
        text = json.dumps(body, indent=1, ensure_ascii=False) + "\n"
        (out_dir / f"{faction}.json").write_text(text, encoding="utf-8")
    dist_info = next(data.parent.parent.glob("warmahordes_opendata-*.dist-info"), None)
    if dist_info is not None and (dist_info / "LICENSE").exists():
        shutil.copyfile(dist_info / "LICENSE", out_dir / "LICENSE")
    (out_dir / "NOTICE").write_text(notice(version), encoding="utf-8")
    count = sum(len(r) for r in models.values())
    return f"wrote {out_dir} from {PACKAGE} {version}: {count} roster entries, {sum(map(len, themes.values()))} themes"


def notice(version: str) -> str:
    return (
        f"The files in this folder are taken from {PACKAGE} {version} (https://pypi.org/project/{PACKAGE}/,\n"
        "https://github.com/ironcodex/warmahordes-opendata), Copyright its authors, licensed under the Apache\n"
        "License, Version 2.0 (LICENSE in this folder). Taken: each model's card id, name, role and faction, and\n"
        "each theme force's name, faction and which models it may include. Changed: the roles and factions are\n"
        "renamed to this project's words and the theme composition is resolved to card ids; no rule text, flavour\n"
        "text or theme rule of the package is copied. WARMACHINE and HORDES and the names of their factions and\n"
        "models are trademarks of Privateer Press, Inc.\n"
    )
