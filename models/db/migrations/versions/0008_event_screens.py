"""an event's round timer and time zone

Revision ID: 0008_event_screens
Revises: 0007_event_people

Two columns on ``event``: the organiser's round timer (JSON, empty until started) and the time zone its times are
shown in (an IANA name; events made before it show UTC, as they did).
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString

from models.db.migration_steps import add_columns, drop_columns

revision = '0008_event_screens'
down_revision = '0007_event_people'
branch_labels = None
depends_on = None


def upgrade() -> None:
    add_columns('event', sa.Column('round_timer', sa.JSON(), nullable=True),
                sa.Column('time_zone', AutoString(length=64), nullable=False, server_default='UTC'))


def downgrade() -> None:
    drop_columns('event', 'time_zone', 'round_timer')
