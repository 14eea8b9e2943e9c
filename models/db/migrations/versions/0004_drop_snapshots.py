"""drop every snapshot: GameState moved each game system's own part into one registered ``board``

Revision ID: 0004_drop_snapshots
Revises: 0003_command_ids

Snapshots written before hold the old shape (``warlord`` / ``warband`` fields), which the new state refuses.
They are only a cache: the command log is the truth, and the service rebuilds every game from it (writing new
snapshots as play goes on). Nothing to restore on downgrade for the same reason.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_drop_snapshots"
down_revision = "0003_command_ids"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(sa.text("DELETE FROM snapshot"))


def downgrade() -> None:
    """Snapshots are rebuilt from the log; there is nothing to put back."""
