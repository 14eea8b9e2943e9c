"""What the model states do to a model's numbers (doc 003): the effective MOV, MAV, RAV, DV, CP, #MA and #RA,
the defensive strikes and shots it gets, what it adds to its die rolls and what attacks against it add.

The card numbers stay as typed; these are worked out from them and the states each time they are shown. Blessed
and Cursed change die rolls, not a stat: they are the ``roll`` modifier beside the numbers (our reading of doc
003 "Blessed" and "Cursed": "+1 to all die rolls", "-1 to all die rolls").
"""

from __future__ import annotations

from dataclasses import dataclass

from models.rules.warlord.state import Figure, Stats

SHAKEN_BONUS = 2  # doc 003 "Shaken": attacks against it add 2 to MAV, RAV or CP
FLYING_PENALTY = -1  # doc 003 "Flying": ranged attacks from the ground against a flying model
BLESSED, CURSED = 1, -1  # doc 003 "Blessed" / "Cursed": every die roll


@dataclass(frozen=True)
class Effective:
    """A model's numbers now; ``None`` where its card has no number typed."""

    mov: int | None
    mav: int | None
    rav: int | None
    dv: int | None
    cp: int | None
    ma: int | None  # melee attacks it makes (Disabled: may drop to 0)
    ra: int | None  # ranged attacks it makes (0 while it may not shoot)
    strikes: int | None  # defensive strikes it gets (never below one while Disabled; none while Stunned)
    shots: int | None  # defensive shots it gets
    counterspell: bool
    roll: int  # added to each of its die rolls
    attacked_at: int  # added to the MAV, RAV or CP of an attack against it


def _less(value: int | None, floor: int) -> int | None:
    """One less, but never below ``floor`` (nor below what the card has)."""
    return None if value is None else max(min(value, floor), value - 1)


def _none(value: int | None) -> int | None:
    return None if value is None else 0


def effective(f: Figure) -> Effective:
    """``f``'s numbers after its states (doc 003, each state's section)."""
    s = f.stats or Stats()
    ma, ra, strikes, shots = s.ma, s.ra, s.ma, s.ra
    if f.has("disabled"):  # -1 MA and RA: offensively down to 0, defensively never below one
        ma, ra, strikes, shots = _less(s.ma, 0), _less(s.ra, 0), _less(s.ma, 1), _less(s.ra, 1)
    if f.has("burrowed") or f.has("flying"):  # no ranged attacks, not even defensive shots
        ra, shots = _none(ra), _none(shots)
    if f.has("stunned"):  # no defensive combat
        strikes, shots = _none(strikes), _none(shots)
    roll = (BLESSED if f.has("blessed") else 0) + (CURSED if f.has("cursed") else 0)
    return Effective(mov=s.special_mov if f.has("burrowed") else s.mov, mav=s.mav, rav=s.rav, dv=s.dv, cp=s.cp,
                     ma=ma, ra=ra, strikes=strikes, shots=shots, counterspell=bool(s.cp) and not f.has("stunned"),
                     roll=roll, attacked_at=SHAKEN_BONUS if f.has("shaken") else 0)


def flat(e: Effective) -> dict[str, int]:
    """The numbers by name for the API (``/options``' derived entry and the state view); empty ones left out."""
    values: dict[str, int | None] = {"MOV": e.mov, "MAV": e.mav, "RAV": e.rav, "DV": e.dv, "CP": e.cp, "MA": e.ma,
                                     "RA": e.ra, "defensive_strikes": e.strikes, "defensive_shots": e.shots,
                                     "counterspell": int(e.counterspell), "die_rolls": e.roll,
                                     "attacks_against": e.attacked_at}
    return {k: v for k, v in values.items() if v is not None}


def words(f: Figure) -> str:
    """"MOV 6 · MAV 4 · ... · MA 0 (card 1) · defensive strikes 1 · die rolls +1" with "?" for an empty number:
    the numbers now, and the card's where a state changed one."""
    card, now = f.stats or Stats(), effective(f)
    rows = [("MOV", card.mov, now.mov), ("MAV", card.mav, now.mav), ("RAV", card.rav, now.rav),
            ("DV", card.dv, now.dv), ("CP", card.cp, now.cp), ("MA", card.ma, now.ma), ("RA", card.ra, now.ra)]
    parts = [f"{name} {'?' if value is None else value}" + (f" (card {was})" if value != was else "")
             for name, was, value in rows]
    if f.has("stunned"):
        parts.append("no defensive combat")
    else:  # where defence differs from attack: Disabled keeps one defensive strike or shot
        parts += [f"{what} {n}" for what, n, attack in (("defensive strikes", now.strikes, now.ma),
                                                         ("defensive shots", now.shots, now.ra)) if n != attack]
    if now.roll:
        parts.append(f"die rolls {now.roll:+d}")
    if now.attacked_at:
        parts.append(f"attacks against it +{now.attacked_at}")
    return " · ".join(parts)


@dataclass(frozen=True)
class AttackNumbers:
    """One ranged attack or spell against a target: the value it attacks with and the die modifier."""

    value: int
    roll: int
    why: tuple[tuple[str, int], ...]  # what was added to the value, and why

    def text(self, stat: str, base: int) -> str:
        sums = "".join(f" {n:+d} ({why})" for why, n in self.why)
        total = f" = {self.value}" if self.why else ""
        die = f", die rolls {self.roll:+d}" if self.roll else ""
        return f"{stat} {base}{sums}{total}{die}"


def against(attacker: Figure, target: Figure | None, base: int, ranged: bool) -> AttackNumbers:
    """``base`` (RAV or CP) after the target's states: Shaken +2; a flying target -1 to ranged attacks from the
    ground (doc 003 "Shaken", "Flying")."""
    why: list[tuple[str, int]] = []
    if target is not None and target.has("shaken"):
        why.append((f"{target.name} is Shaken", SHAKEN_BONUS))
    if ranged and target is not None and target.has("flying") and not attacker.has("flying"):
        why.append((f"{target.name} is Flying", FLYING_PENALTY))
    return AttackNumbers(value=base + sum(n for _, n in why), roll=effective(attacker).roll,
                         why=tuple(why))
