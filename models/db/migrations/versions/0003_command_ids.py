"""idempotency keys: command_log.command_id (unique per game) and game.start_key (unique)

Revision ID: 0003_command_ids
Revises: 0002_card_by_operator

Both columns are nullable and start empty; unique indexes allow any number of NULLs on SQLite and PostgreSQL.
Adding a column and an index needs no table copy in SQLite's batch mode.
"""

import sqlalchemy as sa
from alembic import op
from sqlmodel.sql.sqltypes import AutoString

revision = "0003_command_ids"
down_revision = "0002_card_by_operator"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("command_log", schema=None) as batch_op:
        batch_op.add_column(sa.Column("command_id", AutoString(length=64), nullable=True))
        batch_op.create_index("ix_command_log_game_command_id", ["game_id", "command_id"], unique=True)
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("start_key", AutoString(length=64), nullable=True))
        batch_op.create_index("ix_game_start_key", ["start_key"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index("ix_game_start_key")
        batch_op.drop_column("start_key")
    with op.batch_alter_table("command_log", schema=None) as batch_op:
        batch_op.drop_index("ix_command_log_game_command_id")
        batch_op.drop_column("command_id")
