"""event draw: round 1's recorded seed, and each registration's club or team (kept apart in round 1)

Revision ID: 0010_event_draw
Revises: 0009_event_results
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString

from models.db.migration_steps import add_columns, drop_columns

revision = '0010_event_draw'
down_revision = '0009_event_results'
branch_labels = None
depends_on = None


def upgrade() -> None:
    add_columns('event', sa.Column('seed', sa.Integer(), nullable=True))
    add_columns('event_player', sa.Column('club', AutoString(length=60), server_default='', nullable=False))


def downgrade() -> None:
    drop_columns('event_player', 'club')
    drop_columns('event', 'seed')
