"""games set up before turn flow 2 keep turn flow 1: their setup commands say so

Revision ID: 0005_first_turn_flow
Revises: 0004_drop_snapshots

Turn flow 2 passes the steps with nothing to decide and leaves out the steps an army does not have; a log written
before it steps through every step with Next. Each such game's setup command (the first log row) gets
``"turn_flow": 1`` (models/db/legacy.py), so its log replays exactly. Snapshots were dropped by 0004; the service
rebuilds every game from its log.
"""

import sqlalchemy as sa
from alembic import op

from models.db.legacy import first_turn_flow

revision = "0005_first_turn_flow"
down_revision = "0004_drop_snapshots"
branch_labels = None
depends_on = None

LOG = sa.table("command_log", sa.column("id", sa.Integer), sa.column("seq", sa.Integer),
               sa.column("command", sa.JSON))


def upgrade() -> None:
    bind = op.get_bind()
    for row_id, command in bind.execute(sa.select(LOG.c.id, LOG.c.command).where(LOG.c.seq == 1)).all():
        if isinstance(command, dict) and first_turn_flow(command) is not command:
            bind.execute(sa.update(LOG).where(LOG.c.id == row_id).values(command=first_turn_flow(command)))


def downgrade() -> None:
    """The extra field is harmless to earlier code, which ignores unknown fields only if told to: drop it."""
    bind = op.get_bind()
    for row_id, command in bind.execute(sa.select(LOG.c.id, LOG.c.command).where(LOG.c.seq == 1)).all():
        if isinstance(command, dict) and command.get("type") == "setup" and "turn_flow" in command:
            bind.execute(sa.update(LOG).where(LOG.c.id == row_id)
                         .values(command={k: v for k, v in command.items() if k != "turn_flow"}))
