"""pending sign-ups: on a site that sends mail, a sign-up waits for its mailed link before the account is made

Revision ID: 0014_pending_sign_ups
Revises: 0013_community_card_book

A new table only; nothing existing changes.
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

from models.db.migration_steps import create_table, drop_table

revision = '0014_pending_sign_ups'
down_revision = '0013_community_card_book'
branch_labels = None
depends_on = None

INDEX = ('email', 'expires')


def upgrade() -> None:
    create_table('pending_sign_up',
    sa.Column('hash', AutoString(length=64), nullable=False),
    sa.Column('email', AutoString(length=254), nullable=False),
    sa.Column('name', AutoString(length=60), nullable=False),
    sa.Column('password_hash', AutoString(length=200), nullable=False),
    sa.Column('expires', UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('hash'),
    index=INDEX,
    )


def downgrade() -> None:
    drop_table('pending_sign_up', index=INDEX)
