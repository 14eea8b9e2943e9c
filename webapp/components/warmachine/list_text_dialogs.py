"""A list as plain text: the export dialog (copy it into a forum post), the import dialog (read a pasted list),
and the report of lines that named no known card. Reading and writing are the service's (ListService, with the
player's cards); these dialogs only show them. Everything typed is shown as text."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nicegui import ui

from models.catalog import shipped_examples
from models.rules import RuleViolation
from models.rules.warmachine import TEXT_MAX, Army, Imported, Unrecognised
from models.service.lists import ListService
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.dialogs import ok_cancel, titled_dialog

REPORT_MAX = 30


def show_unrecognised(where: ui.column, unrecognised: Sequence[Unrecognised]) -> None:
    """The lines a pasted list named no known card in, and why (the first 30)."""
    where.clear()
    with where:
        if unrecognised:
            ui.label("Not recognised:").classes("text-bold")
        for item in unrecognised[:REPORT_MAX]:
            ui.label(f"{item.line} — {item.reason}")
        if len(unrecognised) > REPORT_MAX:
            ui.label(f"… and {len(unrecognised) - REPORT_MAX} more")


async def export_dialog(service: ListService, army: Army) -> None:
    text = await io(service.export_text, army)
    with titled_dialog("The list as text") as dialog:
        ui.label("Copy it into a forum post or a tournament site; Import from text reads it back.")
        area = ui.textarea(value=text).props("readonly outlined autogrow").classes("w-full tk-mono")
        named(area, "List text")
        with ui.row():
            def copy() -> None:
                ui.clipboard.write(text)
                ui.notify("Copied.")

            named(ui.button("Copy", icon="content_copy", on_click=copy).props("no-caps"), "Copy the text")
            ui.button("Close", on_click=dialog.close).props("flat no-caps")


def import_dialog(service: ListService, faction: str | None, use: Callable[[Army], None]) -> None:
    """Read a pasted list; ``use`` takes the list read (the dialog stays open to show unrecognised lines)."""
    with titled_dialog("Read a list from text") as dialog:
        ui.label("Paste a list: one model per line as “name, points”; battlegroup models and attachments "
                 "on lines starting with “-” under their caster or unit.")
        area = ui.textarea("List text").props(f"outlined maxlength={TEXT_MAX}").classes("w-full tk-mono")
        named(area, "Text to import")
        examples = shipped_examples()
        if examples:
            pick = ui.select({k: k.replace("-", " ") for k in examples}, label="Or start from an example",
                             on_change=lambda e: area.set_value(examples.get(e.value, area.value)))
            named(pick, "Example lists")
        report = ui.column().classes("gap-0")

        async def apply() -> None:
            try:
                imported: Imported = await io(service.import_text, area.value or "", faction)
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return
            if not imported.army.entries:
                ui.notify("No model in that text was recognised; the list is unchanged.", type="warning")
                show_unrecognised(report, imported.unrecognised)
                return
            use(imported.army)
            if imported.unrecognised:
                show_unrecognised(report, imported.unrecognised)
                ui.notify(f"List read; {len(imported.unrecognised)} line(s) were not recognised (listed in the "
                          "dialog). Save it to keep it.", type="warning")
            else:
                dialog.close()
                ui.notify("List read. Save it to keep it.", type="positive")

        ok_cancel("Read list", apply, dialog, name="Read the list", cancel="Close", closes=False)
