"""event drafts: a round's scenario on its tables, whether the round is published (a drafted one opens no game),
and when the organiser says the next round starts

Revision ID: 0011_event_drafts
Revises: 0010_event_draw
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

from models.db.migration_steps import add_columns, drop_columns

revision = '0011_event_drafts'
down_revision = '0010_event_draw'
branch_labels = None
depends_on = None


def upgrade() -> None:
    add_columns('event', sa.Column('next_round_at', UTCDateTime(), nullable=True))
    add_columns('event_pairing', sa.Column('scenario', AutoString(length=60), server_default='', nullable=False),
                sa.Column('published', sa.Boolean(), server_default=sa.true(), nullable=False))


def downgrade() -> None:
    drop_columns('event', 'next_round_at')
    drop_columns('event_pairing', 'published', 'scenario')
