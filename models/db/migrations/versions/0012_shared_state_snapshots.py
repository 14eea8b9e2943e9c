"""drop the snapshots of every game but Warmachine's: GameState keeps only what every game system shares

Revision ID: 0012_shared_state_snapshots
Revises: 0011_event_drafts

Warmachine's fields moved from GameState onto its own board, which is still written at the top level of the
state's JSON, so its snapshots read as before. The other systems' snapshots written before hold those fields
empty, which their state now refuses. Snapshots are only a cache: the service rebuilds those games from their
command logs. Nothing to restore on downgrade for the same reason.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012_shared_state_snapshots"
down_revision = "0011_event_drafts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(sa.text("DELETE FROM snapshot WHERE game_id IN (SELECT id FROM game WHERE system <> 'warmachine')"))


def downgrade() -> None:
    """Snapshots are rebuilt from the log; there is nothing to put back."""
