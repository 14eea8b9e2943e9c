"""an event's venue sign-up link, and the event a sign-up waiting for its mailed link joins

Revision ID: 0015_venue_sign_up
Revises: 0014_pending_sign_ups

Two nullable columns; nothing existing changes.
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString

from models.db.migration_steps import add_columns, drop_columns

revision = '0015_venue_sign_up'
down_revision = '0014_pending_sign_ups'
branch_labels = None
depends_on = None


def upgrade() -> None:
    add_columns('event', sa.Column('venue_token', AutoString(length=64), nullable=True))
    add_columns('pending_sign_up', sa.Column('event_id', AutoString(length=32), nullable=True))


def downgrade() -> None:
    drop_columns('pending_sign_up', 'event_id')
    drop_columns('event', 'venue_token')
