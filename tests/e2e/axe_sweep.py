"""axe-core in every state the browser tests reach, in the light and the dark theme.

Before each thing a test does to a page (a tap, typing, a navigation, closing it) the page shows the state the test
just waited for: a dialog open, a prompt shown, a toast up, the page at the end of the test. There the sweep takes
the page's signature, the set of kinds of element shown (tag, role, classes and which ARIA attributes it carries,
under its parent's kind), and runs axe-core only when the page shows a kind not seen before on a page of that
address and width; each run checks the page in its own theme and then with the theme switched (Quasar's Dark),
and puts it back. Serious and critical violations are listed at the end of the run (TABLEKEEPER_AXE_SWEEP=report,
what `make axe` runs), or fail the test that reached the state (=strict). It is off in `make test` (=0, the
default), which it made too slow for CI's 30 minutes; the run's summary says so. axe-core is fetched as
tests/e2e/test_accessibility.py does; without it the sweep is off and says so once.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page
from playwright.sync_api import Error as PlaywrightError

AXE_VERSION = "4.14.1"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tablekeeper" / f"axe-core-{AXE_VERSION}"
BLOCKING = ("serious", "critical")


def _from_tarball(data: bytes) -> str:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        member = tar.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode()


def fetch_axe() -> str:
    """axe.min.js of the pinned axe-core: from the cache, else ``npm pack``, else the npm registry over HTTPS."""
    script = CACHE / "axe.min.js"
    if script.exists():
        return script.read_text()
    CACHE.mkdir(parents=True, exist_ok=True)
    reasons = []
    text = None
    if shutil.which("npm"):
        done = subprocess.run(["npm", "pack", f"axe-core@{AXE_VERSION}", "--silent", "--pack-destination", str(CACHE)],
                              capture_output=True, text=True, timeout=120, check=False)
        packed = CACHE / f"axe-core-{AXE_VERSION}.tgz"
        if done.returncode == 0 and packed.exists():
            text = _from_tarball(packed.read_bytes())
        else:
            reasons.append(f"npm pack failed: {done.stderr.strip()[:200]}")
    if text is None:
        url = f"https://registry.npmjs.org/axe-core/-/axe-core-{AXE_VERSION}.tgz"
        try:
            with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310 - a fixed https address
                text = _from_tarball(response.read())
        except OSError as error:
            reasons.append(f"registry download failed: {error}")
    if text is None:
        raise RuntimeError("; ".join(reasons) or "axe-core could not be fetched")
    script.write_text(text)
    return text


# The kinds of element the page shows: an element's kind is its tag, its classes that give it a look (the app's own
# tk-, Quasar's q-, bg- and text-, less those that only say a moment: focus, an animation, the theme), the names of
# its ARIA attributes, and whether it holds text of its own. Hidden elements are left out, and so are Quasar's ripples
# and focus helpers.
KINDS_JS = """() => {
  const looks = /^(tk-|q-|bg-|text-)/;
  const passing = new RegExp('--(focused|highlighted|animating|float|dark|light)$|-(enter|leave)(-active|-to|-from)?$'
                             + '|^q-dark$|transition|ripple|^q-manual-focusable');
  const classes = el => [...el.classList].filter(c => looks.test(c) && !passing.test(c)).sort().join('.');
  const kinds = new Map();
  for (const el of document.body.querySelectorAll('*')) {
    if (el.matches('.q-ripple, .q-ripple *, .q-focus-helper') || !el.getClientRects().length) continue;
    const aria = el.getAttributeNames().filter(n => n.startsWith('aria-') || n === 'role' || n === 'tabindex');
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) ? '"' : '';
    kinds.set(el, el.tagName.toLowerCase() + '.' + classes(el) + '[' + aria.sort().join(',') + ']' + text);
  }
  return kinds;
}"""

SIGNATURE_JS = f"""() => {{
  const path = location.pathname.split('/').map(s => /\\d/.test(s) || s.length > 16 ? '*' : s).join('/');
  return {{path, kinds: [...new Set(({KINDS_JS})().values())]}};
}}"""

# Waits for the page to settle (two frames, then every finite animation), runs axe-core on the elements of the new
# kinds (the whole document for an address not checked before), switches the theme with transitions held (so the
# colours are the new theme's at once), runs it again, and puts the theme back. Each violation is cut to what a
# report needs. The experimental rule that a control's name holds its visible label is on.
CHECK_JS = f"""async ([fresh, whole]) => {{
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const settle = async () => {{
    await frame();
    const running = document.getAnimations()
      .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(running.map(a => a.finished.catch(() => null))),
                        new Promise(r => setTimeout(r, 2000))]);
  }};
  await settle();
  let context = document;
  if (!whole) {{
    const wanted = new Set(fresh);
    const chosen = [];
    for (const [el, kind] of ({KINDS_JS})()) {{
      if (wanted.has(kind) && !chosen.some(c => c.contains(el))) chosen.push(el);
    }}
    if (!chosen.length) return {{}};
    context = {{include: chosen}};
  }}
  const options = {{resultTypes: ['violations'], preload: false,
                    rules: {{'label-content-name-mismatch': {{enabled: true}}}}}};
  const run = async () => (await axe.run(context, options)).violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({{id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => ({{
      html: n.html.slice(0, 120) + ((n.html.match(/aria-label="[^"]*"/) || [''])[0]),
      summary: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)}}))}}));
  const dark = () => document.body.classList.contains('body--dark');
  const found = {{}};
  found[dark() ? 'dark' : 'light'] = await run();
  const Dark = window.Quasar && window.Quasar.Dark;
  if (Dark) {{
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after {{ transition: none !important; }}';
    document.head.append(still);
    const mode = Dark.mode;
    Dark.set(!Dark.isActive);
    await frame();
    found[dark() ? 'dark' : 'light'] = await run();
    Dark.set(mode);
    await frame();
    still.remove();
  }}
  return found;
}}"""


@dataclass
class Sweep:
    """What the sweep has seen in this pytest process, and what it found for the running test."""

    axe_js: str | None = None
    seen: dict[str, set[str]] = field(default_factory=dict)
    findings: list[str] = field(default_factory=list)
    strict: bool = False
    reported: dict[str, list[str]] = field(default_factory=dict)  # each finding, and the tests that met it
    probes: int = 0
    runs: int = 0
    seconds: float = 0.0
    busy: bool = False

    def check(self, page: Page) -> None:
        """Run axe on ``page`` if it shows a kind of element not checked before; note what it finds."""
        if self.axe_js is None or self.busy or page.is_closed() or sys.exc_info()[0] is not None:
            return
        if not page.url.startswith("http"):
            return
        self.busy, started = True, time.perf_counter()
        try:
            self._check(page)
        except PlaywrightError:
            pass  # the page navigated or closed meanwhile: the next action looks again
        finally:
            self.seconds += time.perf_counter() - started
            self.busy = False

    def _check(self, page: Page) -> None:
        self.probes += 1
        shown = page.evaluate(SIGNATURE_JS)
        path, kinds = shown["path"], set(shown["kinds"])
        known = self.seen.get(path)
        fresh = kinds - (known or set())
        if not fresh:
            return
        if not page.evaluate("() => typeof window.axe !== 'undefined'"):
            page.add_script_tag(content=self.axe_js)
        found: dict[str, list[dict[str, Any]]] = page.evaluate(CHECK_JS, [sorted(fresh), known is None])
        self.runs += 1
        self.seen.setdefault(path, set()).update(kinds)
        for scheme, violations in found.items():
            for v in violations:
                nodes = "\n".join(f"      {n['html']}\n        {n['summary']}" for n in v["nodes"])
                self.findings.append(f"{path} ({scheme}) [{v['impact']}] {v['id']}: {v['help']}\n{nodes}")

    def take(self, test: str) -> list[str]:
        """What the running test met: for it to fail on (strict), else kept for the run's summary."""
        found, self.findings = self.findings, []
        if self.strict:
            return found
        for finding in found:
            self.reported.setdefault(finding, []).append(test)
        return []


SWEEP = Sweep()

LOCATOR_ACTIONS = ("click", "dblclick", "tap", "fill", "clear", "check", "uncheck", "set_checked", "select_option",
                   "press", "press_sequentially", "type", "set_input_files", "drag_to", "dispatch_event")
PAGE_ACTIONS = ("goto", "reload", "go_back", "click", "fill", "close")


def _before(method: Callable[..., Any], page_of: Callable[[Any], Page]) -> Callable[..., Any]:
    def wrapped(self: Any, *args: Any, **kwargs: Any) -> Any:
        SWEEP.check(page_of(self))
        return method(self, *args, **kwargs)
    wrapped.__wrapped__ = method  # type: ignore[attr-defined]
    return wrapped


def _close_context(method: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(self: BrowserContext, *args: Any, **kwargs: Any) -> Any:
        for page in list(self.pages):
            SWEEP.check(page)
        return method(self, *args, **kwargs)
    wrapped.__wrapped__ = method  # type: ignore[attr-defined]
    return wrapped


def install() -> None:
    """Check pages before every action the tests take on them (once per process); off when asked or without axe."""
    mode = os.environ.get("TABLEKEEPER_AXE_SWEEP", "0")
    if mode == "0" or SWEEP.axe_js is not None:
        return
    SWEEP.strict = mode == "strict"
    try:
        SWEEP.axe_js = fetch_axe()
    except (RuntimeError, OSError, subprocess.SubprocessError, tarfile.TarError) as error:
        print(f"axe-core not available, the accessibility sweep is off: {error}")
        return
    for name in LOCATOR_ACTIONS:
        setattr(Locator, name, _before(getattr(Locator, name), lambda locator: locator.page))
    for name in PAGE_ACTIONS:
        setattr(Page, name, _before(getattr(Page, name), lambda page: page))
    BrowserContext.close = _close_context(BrowserContext.close)  # type: ignore[method-assign]


def summary() -> str:
    if SWEEP.axe_js is None:
        return "axe sweep: off (TABLEKEEPER_AXE_SWEEP unset or 0); `make axe` sweeps every state in both themes"
    lines = [f"axe sweep: {SWEEP.probes} page states looked at, {SWEEP.runs} new ones checked by axe-core in both "
             f"themes, {SWEEP.seconds:.1f} s in all; {len(SWEEP.reported)} serious or critical violation(s) met"]
    for finding, tests in SWEEP.reported.items():
        lines.append(f"{finding}\n      met in {', '.join(sorted(set(tests)))}")
    return "\n".join(lines)


def report(found: list[str]) -> str:
    return f"axe-core: {len(found)} serious or critical violation(s) in states this test reached\n" + "\n".join(
        re.sub(r"\s+$", "", f) for f in found)
