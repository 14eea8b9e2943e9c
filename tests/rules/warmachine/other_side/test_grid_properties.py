"""Property tests for damage grids and spirals: marks never exceed boxes, and healing and crippling stay
consistent, against a box-by-box model of the card."""

from hypothesis import given, settings
from hypothesis import strategies as st

from models.catalog.schema import GridLayout, SpiralLayout
from models.rules import RuleViolation, apply
from models.rules.warmachine import grids
from models.rules.warmachine.damage import MarkDamage, RemoveDamage, crippled_systems, marks_of, sections
from models.rules.warmachine.match import board
from tests.rules.warmachine.game import tough
from tests.rules.warmachine.other_side.other_side_game import BLITZ, JACK_1, new_game

COLUMN = st.text(alphabet=".-LRHCMAG", min_size=1, max_size=7)
GRIDS = st.tuples(*[COLUMN] * 6).map(lambda cols: GridLayout(columns=cols))
BRANCH = st.text(alphabet="..MBS", min_size=1, max_size=8)
SPIRALS = st.tuples(BRANCH, BRANCH, BRANCH).map(lambda b: SpiralLayout(branches=b))
MOVES = st.lists(st.tuples(st.booleans(), st.integers(1, 12), st.integers(1, 6)), max_size=30)


class Boxes:
    """The card box by box: damage fills the first free box of the entry section on, wrapping round;
    removal frees the last marked box of the chosen section on."""

    def __init__(self, layout):
        self.cells = grids.cells(layout)
        self.marked = [[False] * len(c) for c in self.cells]

    def mark(self, amount, start):
        n = len(self.cells)
        for k in range(n):
            column = self.marked[(start + k) % n]
            for i, done in enumerate(column):
                if amount and not done:
                    column[i], amount = True, amount - 1
        return amount

    def clear(self, amount, start):
        n = len(self.cells)
        for k in range(n):
            column = self.marked[(start + k) % n]
            for i in reversed(range(len(column))):
                if amount and column[i]:
                    column[i], amount = False, amount - 1

    def counts(self):
        return tuple(sum(c) for c in self.marked)

    def crippled(self):
        out = []
        for ch in _letters(self.cells):
            boxes = [m for c, ms in zip(self.cells, self.marked, strict=True)
                     for x, m in zip(c, ms, strict=True) if x == ch]
            if boxes and all(boxes):
                out.append(ch)
        return tuple(out)


def _letters(cells):
    seen = []
    for c in cells:
        for x in c:
            if x != "." and x not in seen:
                seen.append(x)
    return seen


@settings(max_examples=150, deadline=None)
@given(st.one_of(GRIDS, SPIRALS), MOVES)
def test_marks_never_exceed_boxes_and_crippling_follows_the_boxes(layout, moves):
    """Marks per section stay within its boxes, damage is prefix-filled, and a letter is crippled exactly
    while all its boxes are marked, after any mix of damage and healing."""
    sizes = grids.sizes(layout)
    if not sum(sizes):
        return
    marks = tuple(0 for _ in sizes)
    boxes = Boxes(layout)
    for damage, amount, die in moves:
        start = grids.entry(layout, die)
        if damage:
            marks, rest = grids.fill_from(sizes, marks, amount, start)
            assert rest == boxes.mark(amount, start)
        else:
            amount = min(amount, sum(marks))
            marks, _ = grids.clear_from(marks, amount, start)
            boxes.clear(amount, start)
        assert all(0 <= k <= s for k, s in zip(marks, sizes, strict=True))
        assert marks == boxes.counts()
        assert grids.crippled_letters(layout, marks) == boxes.crippled()
    healed, _ = grids.clear_from(marks, sum(marks), 0)
    assert healed == tuple(0 for _ in sizes)
    assert grids.crippled_letters(layout, healed) == ()


START = tough(new_game())  # Tough on every card: a model with every box marked waits, disabled


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([JACK_1, BLITZ]), MOVES)
def test_damage_commands_on_grids_and_spirals_keep_marks_within_boxes(model, moves):
    """Through the commands: marks within boxes, a model in play with every box marked is disabled and the game
    waits for its damage application (doc 002), healing frees crippled systems, and a refused command changes
    nothing."""
    state = START
    for damage, amount, die in moves:
        m = board(state).model(model)
        command = MarkDamage(model=model, amount=amount, column=die) if damage else \
            RemoveDamage(model=model, amount=amount, column=die)
        before = state
        try:
            state, _ = apply(state, command)
        except RuleViolation:
            assert state == before
            continue
        m = board(state).model(model)
        sizes, marks = sections(state, m), marks_of(state, m)
        assert all(0 <= k <= s for k, s in zip(marks, sizes, strict=True))
        if sum(marks) == sum(sizes):
            assert m.in_play and board(state).attack is not None and board(state).attack.pending == (m.id,)
            return
        assert m.in_play
        layout = board(state).card_of(m).damage
        assert crippled_systems(state, m) == grids.crippled_letters(layout, marks)
    m = board(state).model(model)
    if sum(marks_of(state, m)):
        state, _ = apply(state, RemoveDamage(model=model, amount=sum(marks_of(state, m)), column=1))
    assert crippled_systems(state, board(state).model(model)) == ()
