"""event drafts: a round's scenario on its tables, whether the round is published (a drafted one opens no game),
and when the organiser says the next round starts

Revision ID: 0011_event_drafts
Revises: 0010_event_draw
"""

import sqlalchemy as sa
from alembic import op
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

revision = '0011_event_drafts'
down_revision = '0010_event_draw'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('next_round_at', UTCDateTime(), nullable=True))
    with op.batch_alter_table('event_pairing', schema=None) as batch_op:
        batch_op.add_column(sa.Column('scenario', AutoString(length=60), server_default='', nullable=False))
        batch_op.add_column(sa.Column('published', sa.Boolean(), server_default=sa.true(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('next_round_at')
    with op.batch_alter_table('event_pairing', schema=None) as batch_op:
        batch_op.drop_column('published')
        batch_op.drop_column('scenario')
