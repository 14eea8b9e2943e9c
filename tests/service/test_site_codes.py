"""The site's services refuse with their own error types and codes (models/service/site_codes.py), not the rules'
RuleViolation; the catalogue is checked both ways, as the rules' one is (tests/rules/test_refusals.py)."""

from __future__ import annotations

import re
from pathlib import Path

from models.rules.refusals import CODES as RULE_CODES
from models.service.site_codes import CODES

ROOT = Path(__file__).parents[2]
SOURCES = sorted((ROOT / "models").rglob("*.py")) + sorted((ROOT / "webapp").rglob("*.py"))
LITERAL = re.compile(r'(?:SiteError|AccountError|EventError|ListingError|MyDataError|CommunityError|Busy)'
                     r'\(\s*"([a-z_]+\.[a-z_]+)"')
SITE = ("accounts.py", "events/*.py", "listings.py", "my_data.py")  # the site's services, under models/service


def site_texts(*patterns: str) -> dict[str, str]:
    """Each site service's code by its path under models/service."""
    service = ROOT / "models" / "service"
    return {p.relative_to(service).as_posix(): p.read_text(encoding="utf-8")
            for pattern in patterns for p in sorted(service.glob(pattern))}


def raised() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in SOURCES if p.name != "site_codes.py")
    return set(LITERAL.findall(text))


def test_the_scan_sees_what_the_site_raises() -> None:
    """Positive control: codes raised on one line and over two lines are found."""
    assert {"account.email_invalid", "event.lists_locked", "listing.finished", "my_data.too_many_lists"} <= raised()


def test_every_code_raised_is_in_the_catalogue() -> None:
    assert sorted(raised() - set(CODES)) == []


def test_every_code_in_the_catalogue_is_raised_somewhere() -> None:
    assert sorted(set(CODES) - raised()) == []


def test_every_code_has_a_one_line_meaning_and_is_not_a_rules_code() -> None:
    for code, meaning in CODES.items():
        assert re.fullmatch(r"[a-z_]+\.[a-z_]+", code), code
        assert meaning and "\n" not in meaning and meaning.endswith("."), code
    assert sorted(set(CODES) & set(RULE_CODES)) == []


def test_the_site_services_raise_none_of_their_codes_as_a_rule_violation() -> None:
    """A site service may pass on a rule's refusal (a name's length, a list line it cannot read), never raise one of
    the site's own codes as the rules' RuleViolation."""
    own = re.compile(r'RuleViolation\(\s*"(account|event|listing|my_data)\.')
    texts = site_texts(*SITE)
    assert "events/results.py" in texts  # positive control: the scan reads the event services
    assert own.search('raise RuleViolation("event.x", "positive control")')
    assert sorted(name for name, text in texts.items() if own.search(text)) == []


def test_the_site_services_reach_the_database_through_their_own_repositories() -> None:
    """Nothing of the site goes through GameService's repository (its engine is the games' own business)."""
    texts = site_texts(*SITE, "account_export.py")
    assert "Repository(engine)" in texts["events/service.py"]  # positive control: the scan reads
    assert sorted(name for name, text in texts.items() if "repo.engine" in text or ".repo.reads" in text) == []
