"""event draw: round 1's recorded seed, and each registration's club or team (kept apart in round 1)

Revision ID: 0010_event_draw
Revises: 0009_event_results
"""

import sqlalchemy as sa
from alembic import op
from sqlmodel.sql.sqltypes import AutoString

revision = '0010_event_draw'
down_revision = '0009_event_results'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seed', sa.Integer(), nullable=True))
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('club', AutoString(length=60), server_default='', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.drop_column('club')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('seed')
