"""The attack assistant (doc 002 "Appendix A: Attack Sequence"): declare who attacks whom and how, then the
attack roll, hit or miss, the damage roll, who suffers the damage (transference), and damage application
with its pauses (disabled, boxed) where an effect such as Tough can save the model. Damage typed in at the
table ("Apply damage") pauses the same way, and the same panel asks what happens.

Dice are typed as the table rolled them or rolled by the service ("Roll for me"); either way they are in the
command and the log. The panel is one per page; the watch page shows the same attack, read-only.
"""

from __future__ import annotations

from typing import Any, Literal

from nicegui import ui

from models.rules import GameState, Option
from models.rules.warmachine import (
    AttackRecord,
    Entry,
    board,
    builders,
)
from models.service.views.damage import Entrance, entrance, first_entrance, transfer
from models.service.views.warmachine import (
    KINDS,
    WAITING,
    area_words,
    attack_heading,
    attack_roll_words,
    sequence,
)
from models.service.views.warmachine_attack import boosted_already, charge_asked, roll_needs, weapon_choices
from webapp.components.a11y import named
from webapp.components.asking import send_answers
from webapp.components.current_options import options_now
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.once import once
from webapp.components.warmachine.attack_numbers import DamageNumbers, HitNumbers
from webapp.components.warmachine.dice import DiceField, service_roll
from webapp.components.whole_numbers import read_whole, whole_number
from webapp.view import GameView


def declare_dialog(view: GameView, attacker_id: str) -> None:
    """Who is attacked and how; the range is the players' answer (out of range misses without a roll). The
    other side's models come first; a warjack says where the weapon sits; a charge attack is offered after a
    charge. A model that may make no combat attack now (summoned this turn, or it ran) is told why, with the
    free strike it may still make ticked."""
    state = view.state
    m = board(state).model(attacker_id)
    option = _attack_option(state, m.id)
    if option.command is None:
        ui.notify(option.reason, type="warning")
        return
    others = [board(state).model(x) for x in option.choices["target"]]
    names = {x.id: x.name + (" (own side)" if x.seat == m.seat else "") for x in others}
    places = weapon_choices(state, m)
    with titled_dialog(f"{m.name} attacks") as dialog:
        refused = None if option.allowed else option
        if refused is not None:
            ui.label(f"{refused.reason} It may still make a free strike.").classes("tk-prompt")
        target = named(ui.select(names, value=others[0].id, label="Target"), "Target")
        kind = named(ui.radio(KINDS, value="melee").props("inline"), "Kind of attack")
        weapon = named(ui.radio(places, value="other").props("inline"),
                       "Where the weapon sits") if places else None
        charge = named(ui.checkbox("Charge attack: it moved 3\" or more (its damage roll is boosted)", value=True),
                       "Charge attack") if charge_asked(m) else None
        in_range = named(ui.checkbox("The target is in range", value=True), "The target is in range")
        free = named(ui.checkbox("It is a free strike", value=refused is not None), "It is a free strike")

        async def ok() -> bool:
            return await send_answers(view, option, target=target.value, kind=kind.value, in_range=in_range.value,
                                      free_strike=free.value, weapon=weapon.value if weapon is not None else None,
                                      charge=None if charge is None or charge.value else False, combined=())

        ok_cancel("Declare the attack", ok, dialog)


def _attack_option(state: GameState, model_id: str) -> Option:
    return next(o for o in options_now(state, model_id) if o.action == "attack")


def trooper_name(name: str) -> str:
    """A trooper's own part of its name ("Grunt 2" of "Cultist Band: Grunt 2")."""
    return name.split(": ", 1)[-1]


def unit_attack_dialog(view: GameView, unit_id: str) -> None:
    """A unit attacks: tick the attacking troopers (one, or several for a combined melee or ranged attack, where
    the first ticked rolls for the group with +1 per model taking part), the target and the kind of attack.
    Each trooper's own attack option decides whether it may attack: one that may not (it has attacked this
    activation, say) is shown greyed with the reason, and the first that may is ticked. A unit none of whose
    troopers may attack is told why before anything is asked."""
    state = view.state
    troopers = [m for m in board(state).models if m.unit == unit_id and m.in_play]
    if not troopers:
        ui.notify("No trooper of this unit is in play.", type="warning")
        return
    offered = {m.id: _attack_option(state, m.id) for m in troopers}
    able = [m for m in troopers if offered[m.id].allowed]
    if not able:
        ui.notify(offered[troopers[0].id].reason, type="warning")
        return
    mine = {m.id for m in troopers}
    others = [board(state).model(x) for x in offered[able[0].id].choices["target"] if x not in mine]
    if not others:
        ui.notify("There is nothing in play for this unit to attack.", type="warning")
        return
    with titled_dialog(f"{board(state).card_of(troopers[0]).name} attacks") as dialog:
        ui.label("Tick the attacking troopers: one, or several for a combined attack (the first ticked rolls "
                 "for them all).").classes("tk-prompt")
        ticks: dict[str, Any] = {}
        for m in troopers:
            option = offered[m.id]
            name = trooper_name(m.name)
            box = named(ui.checkbox(name, value=m.id == able[0].id), f"Attacking: {name}")
            if not option.allowed:
                box.disable()
                named(ui.label(option.reason).classes("tk-kind"), f"Why not: {name}")
            ticks[m.id] = box
        bonus = named(ui.label("").classes("tk-kind"), "Combined attack bonus", role="status")
        target = named(ui.select({x.id: x.name + (" (own side)" if x.seat == troopers[0].seat else "")
                                  for x in others}, value=others[0].id, label="Target"), "Target")
        kind = named(ui.radio({"melee": "Melee", "ranged": "Ranged"}, value="melee").props("inline"),
                     "Kind of attack")
        in_range = named(ui.checkbox("The target is in range of every attacking trooper", value=True),
                         "The target is in range")

        def ticked() -> list[str]:
            return [x for x, box in ticks.items() if box.value]

        def show_bonus() -> None:
            n = len(ticked())
            bonus.set_text(f"A combined {kind.value} attack: +{n} to its attack and damage rolls ({n} troopers)."
                           if n > 1 else "One trooper attacks alone.")

        for box in (*ticks.values(), kind):
            box.on_value_change(show_bonus)
        show_bonus()

        async def ok() -> bool:
            chosen = ticked()
            if not chosen:
                ui.notify("Tick at least one attacking trooper.", type="warning")
                return False
            option = _attack_option(view.state, chosen[0])
            if option.command is None or not option.allowed:
                ui.notify(option.reason, type="warning")
                return False
            return await send_answers(view, option, target=target.value, kind=kind.value, in_range=in_range.value,
                                      free_strike=False, weapon=None, charge=None, combined=tuple(chosen[1:]))

        ok_cancel("Declare the attack", ok, dialog)


def _column_choice(where: Entrance, needed: bool = False) -> dict[int | None, str]:
    """Options for where damage goes in on a grid (the d6) or a spiral (the d6, with the branch it picks);
    "Not needed" only where the damage may go to a model without one (``needed``: the target has one)."""
    options: dict[int | None, str] = {} if needed else {None: "Not needed"}
    for n, section in enumerate(where.entered[0], 1):
        options[n] = f"{n}" if where.grid else f"{n} ({section})"
    return options


def _power_key(a: AttackRecord) -> tuple[str, str]:
    """Whose P+S or POW a typed number is remembered as: the attacker's, per kind of attack or per spell."""
    return a.attacker or "", a.spell or a.kind


class AttackPanel:
    def __init__(self, view: GameView, controls: bool) -> None:
        self.view, self.controls = view, controls
        self._shown: tuple[AttackRecord | None, tuple[str, ...]] | None = None
        # The weapon P+S or POW last used by each attacker and kind of attack (or spell): asked once, then
        # pre-filled.
        self._powers: dict[tuple[str, str], int] = {}
        with named(ui.card().classes("tk-attack w-full"), "Attack", role="region") as self.box:
            self.heading = ui.label("").classes("text-h6").props('aria-live="polite"')
            self.waiting = ui.label("").classes("tk-prompt")
            self.body = ui.column().classes("gap-2 w-full")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        a = board(state).attack
        # A boost paid with the card's Boost button changes the dice the roll needs: the panel is drawn again.
        shown = (a, board(state).model(a.attacker).act.boosted if a is not None and a.attacker else ())
        if shown == self._shown:
            return
        self._shown = shown
        self.box.set_visibility(a is not None)
        self.body.clear()
        if a is None:
            return
        self.heading.set_text(attack_heading(state, a))
        self.waiting.set_text(f"Waiting for {WAITING[a.step]}.")
        with self.body:
            if a.attack_dice:
                ui.label(attack_roll_words(a)).classes("tk-kind")
            if area := area_words(state, a):
                ui.label(area).classes("tk-kind")
            title, steps, at = sequence(a)
            with ui.expansion(title).classes("w-full tk-sequence"):
                for i, line in enumerate(steps, 1):
                    ui.label(f"{i}. {line}").classes("tk-step" + (" tk-current" if i == at else ""))
            if not self.controls:
                return
            {"attack_roll": self._attack_roll, "damage_roll": self._damage_roll}.get(a.step, self._pause)(state, a)

    # -- the steps -----------------------------------------------------------------------------------------
    def _boost_fields(self, state: GameState, a: AttackRecord, roll: Literal["attack", "damage"]) -> tuple[Any, Any]:
        """The boost the players may still ask for (paid, or free by a rule they name), or none when the rules
        boost the roll already (paid with Boost, a frenzy, a charge): the dice count says why."""
        if boosted_already(state, a, roll):
            return None, None
        return (named(ui.checkbox("Boosted (one die more; costs 1)"), f"Boosted {roll} roll"),
                named(ui.checkbox("Boosted by a rule, for free"), "Free boost"))

    def _attack_roll(self, state: GameState, a: AttackRecord) -> None:
        boosted, free = self._boost_fields(state, a, "attack")
        count = ui.label("").classes("tk-kind")
        buttons: dict[bool, ui.button] = {}

        def suggest(hit: bool | None) -> None:
            """The answer the numbers give is the filled button; the other is outlined."""
            for answer, button in buttons.items():
                if answer == hit:
                    button.props(remove="outline")
                else:
                    button.props("outline")

        numbers: HitNumbers  # made below, once the fields it reads exist
        dice = DiceField(self.view, "Attack dice", lambda: roll_needs(state, a, "attack", asked()).dice, rerolls=True,
                         on_change=lambda: numbers.refresh())
        removed = named(ui.number("Dice removed", value=0, on_change=lambda _: numbers.refresh()).classes("w-40"),
                        "Dice removed")
        numbers = HitNumbers(state, a, suggest)
        numbers.dice, numbers.removed = dice, lambda: whole_number(removed.value, 0, 11) or 0

        def asked() -> bool:
            return boosted is not None and free is not None and bool(boosted.value or free.value)

        def show_count() -> None:
            count.set_text(roll_needs(state, a, "attack", asked()).words)

        for box in (boosted, free):
            if box is not None:
                box.on_value_change(show_count)
        show_count()

        async def roll(hit: bool) -> None:
            rolled = dice.value()
            taken = read_whole(removed, 0, 11, "Dice removed") if rolled is not None else None
            if rolled is None or taken is None:
                return
            stat, defence = numbers.values()
            await self.view.send(builders.attack_roll(rolled, hit, asked(), free is not None and bool(free.value),
                                                      taken, tuple(dice.earlier), stat, defence))

        target = board(state).model(a.target).name
        with ui.row().classes("gap-2"):
            buttons[True] = named(once(ui.button("Hit").props("no-caps color=positive"), lambda: roll(True)),
                                  f"The attack hits {target}")
            buttons[False] = named(once(ui.button("Miss").props("no-caps color=negative"), lambda: roll(False)),
                                   f"The attack misses {target}")
            self._aside()
        numbers.refresh()

    def _damage_roll(self, state: GameState, a: AttackRecord) -> None:
        target = board(state).model(a.target)
        if a.charge:
            ui.label("A charge attack: its damage roll is boosted, at no cost.").classes("tk-prompt")
        boosted, free = self._boost_fields(state, a, "damage")
        count = ui.label("").classes("tk-kind")

        def asked() -> bool:
            return boosted is not None and free is not None and bool(boosted.value or free.value)

        dice = DiceField(self.view, "Damage dice", lambda: roll_needs(state, a, "damage", asked()).dice,
                         on_change=lambda: numbers.refresh())
        numbers = DamageNumbers(state, a, self._powers.get(_power_key(a)))
        points = named(ui.number("Damage points (after ARM)", value=None).classes("w-56"),
                       "Damage points after ARM")
        numbers.dice, numbers.points = dice, points

        def show_count() -> None:
            count.set_text(roll_needs(state, a, "damage", asked()).words)

        for box in (boosted, free):
            if box is not None:
                box.on_value_change(show_count)
        show_count()
        offer = transfer(state, target)
        receivers = offer.receivers
        who = None
        if receivers:  # the defender's choice (doc 001 "Damage Transference"): nothing is chosen for them
            ui.label(f"Would suffer damage: {target.name}'s player decides whether it spends 1 {offer.pays} to "
                     "send it to its battlegroup.")
            who = named(ui.radio({"": f"{target.name} takes it", **{r.id: f"Transfer to {r.name}" for r in receivers}},
                                 value=None), "Who suffers the damage")
        where = first_entrance(state, [target.id, *(r.id for r in receivers)])
        # A grid or spiral target always needs the d6: no "Not needed" to leave there by mistake.
        needed = entrance(state, target.id) is not None
        column = self._column_field(_column_choice(where, needed)) if where is not None else None
        side, then_column = self._side_fields(where)

        async def apply() -> None:
            if who is not None and who.value is None:
                ui.notify(f"{target.name}'s player says who suffers the damage first.", type="warning")
                return
            if needed and column is not None and column.value is None:
                ui.notify("Roll the d6 for where the damage goes in (or choose the column) first.", type="warning")
                return
            rolled = dice.value()
            damage = read_whole(points, 0, 99, "Damage points") if rolled is not None else None
            if rolled is None or damage is None:
                return
            power, armour = numbers.values()
            if power is not None:
                self._powers[_power_key(a)] = power
            await self.view.send(builders.damage_roll(
                rolled, damage, asked(), free is not None and bool(free.value),
                Entry(column=column.value if column is not None else None,
                      side=side.value if side is not None else None,
                      then_column=then_column.value if then_column is not None else None),
                (who.value or None) if who is not None else None, power, armour))

        with ui.row().classes("gap-2"):
            named(once(ui.button("Apply the damage").props("no-caps"), apply), f"Apply the damage to {target.name}")
            self._aside()
        numbers.refresh()

    def _pause(self, state: GameState, a: AttackRecord) -> None:
        m = board(state).model(a.pending[0])
        stage: Literal["disabled", "boxed"] = "boxed" if a.step == "boxed" else "disabled"  # the other steps: above
        nxt = "boxed" if a.step == "disabled" else "destroyed"
        ui.label(f"{m.name} is {a.step}: every damage box is marked. Apply an effect that saves it (such as Tough: "
                 f"remove damage) before it is {nxt}, or go on.").classes("tk-prompt")
        heal = named(ui.number("Damage removed by the effect", value=1).classes("w-56"),
                     "Damage removed by the effect")
        where = first_entrance(state, [m.id])
        column = self._column_field(_column_choice(where)) if where is not None else None
        side, _ = self._side_fields(where, spill=False)

        async def survive() -> None:
            points = read_whole(heal, 1, 99, "Damage removed")
            if points is None:
                return
            await self.view.send(builders.resolve_disabled(m.id, stage, points,
                                                           column.value if column is not None else None,
                                                           side.value if side is not None else None))

        with ui.row().classes("gap-2"):
            # Each name starts with the button's own words, then whose it is (what a screen reader and a voice
            # command both need).
            named(once(ui.button("It survives").props("no-caps color=positive"), survive), f"It survives: {m.name}")
            named(once(ui.button(f"Go on: {nxt}").props("no-caps"),
                       lambda: self.view.send(builders.resolve_disabled(m.id, stage))), f"Go on: {nxt}: {m.name}")

    # -- pieces --------------------------------------------------------------------------------------------
    def _column_field(self, choice: dict[int | None, str], label: str = "Where the damage goes in (d6)",
                      roll_name: str = "Roll for me: where the damage goes in") -> Any:
        with ui.row().classes("items-center gap-2"):
            field = named(ui.select(choice, value=None, label=label).classes("w-56"), label)

            def roll() -> None:
                rolled = service_roll(self.view, 1)
                if rolled is not None:
                    field.set_value(rolled.dice[0])

            named(ui.button("Roll for me", icon="casino", on_click=roll).props("no-caps outline"),
                  roll_name)
        return field

    def _side_fields(self, where: Entrance | None, spill: bool = True) -> tuple[Any, Any]:
        """For a colossal's grids or a gargantuan's spirals: which side the damage goes in (the attacker's side,
        or a d6: 1-3 left, 4-6 right) and, when that side fills, the d6 for the other side; else no fields."""
        if where is None or not where.sides:
            return None, None
        kind = where.kind
        with ui.row().classes("items-center gap-2"):
            side = named(ui.select({s: f"{s.capitalize()} {kind}" for s in where.sides}, value=None,
                                   label=f"Which {kind}").classes("w-56"), f"Which {kind} the damage goes in")

            def roll() -> None:
                rolled = service_roll(self.view, 1)
                if rolled is not None:
                    side.set_value(where.roll_sides[rolled.dice[0] - 1])

            named(ui.button("Roll for me", icon="casino", on_click=roll).props("no-caps outline"),
                  f"Roll for me: which {kind} (1-3 left, 4-6 right)")
        then = None
        if spill:
            label = f"If that {kind} fills: where the rest goes in on the other (d6)"
            then = self._column_field({None: "Not needed", **{n: str(n) for n in range(1, 7)}}, label,
                                      f"Roll for me: where the rest goes in on the other {kind}")
        return side, then

    def _aside(self) -> None:
        named(once(ui.button("Put the attack aside").props("flat no-caps"),
                   lambda: self.view.send(builders.end_attack())), "Put the attack aside")


class AttackButton:
    """"Attack…" on a model's card (or a unit's, ``unit`` given): shown while it (a trooper of it) is in play and
    no attack is being resolved."""

    def __init__(self, view: GameView, model_id: str, unit: str | None = None) -> None:
        self.view, self.model_id, self.unit = view, model_id, unit
        state = view.state
        wm = board(state)
        name = wm.card_of(wm.model(model_id)).name if unit else wm.model(model_id).name
        act = (lambda: unit_attack_dialog(view, unit)) if unit else (lambda: declare_dialog(view, model_id))
        self.button = named(once(ui.button("Attack…").props("flat no-caps"), act), f"Attack: {name}")
        self._shown: tuple[bool, str] | None = None
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        attackers = [m for m in board(state).models if m.unit == self.unit and m.in_play] if self.unit else \
            [board(state).model(self.model_id)]
        show = any(m.in_play for m in attackers) and board(state).attack is None and \
            state.phase not in ("setup", "over")
        # Greyed with the rules' reason while no attacker may make any attack (knocked down, say); a model with
        # only a free strike left keeps it live (the dialog says so).
        found = [_attack_option(state, m.id) for m in attackers] if show else []
        why = "" if not found or any(o.command is not None and (o.allowed or not self.unit) for o in found) \
            else found[0].reason
        if (show, why) == self._shown:
            return
        self._shown = (show, why)
        self.button.set_visibility(show)
        if why:
            self.button.classes("tk-unavailable")
            self.button.props.update({"aria-disabled": "true", "title": why})
            self.button.update()
        else:
            self.button.classes(remove="tk-unavailable").props(remove="aria-disabled title")
