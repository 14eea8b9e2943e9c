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
SITE = ("accounts.py", "events.py", "event_results.py", "listings.py", "my_data.py")


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
    service = ROOT / "models" / "service"
    own = re.compile(r'RuleViolation\(\s*"(account|event|listing|my_data)\.')
    texts = {name: (service / name).read_text(encoding="utf-8") for name in SITE if (service / name).exists()}
    assert own.search('raise RuleViolation("event.x", "positive control")')
    assert sorted(name for name, text in texts.items() if own.search(text)) == []


def test_the_site_services_reach_the_database_through_their_own_repositories() -> None:
    """Nothing of the site goes through GameService's repository (its engine is the games' own business)."""
    service = ROOT / "models" / "service"
    texts = {name: (service / name).read_text(encoding="utf-8") for name in (*SITE, "account_export.py")
             if (service / name).exists()}
    assert "events.py" in texts and "Repository(engine)" in texts["events.py"]  # positive control: the scan reads
    assert sorted(name for name, text in texts.items() if "repo.engine" in text or ".repo.reads" in text) == []
