"""the community card book: facts of catalog cards published by accounts, their history, and moderators

Revision ID: 0013_community_card_book
Revises: 0012_shared_state_snapshots

New tables only; nothing existing changes.
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

from models.db.migration_steps import create_table, drop_table

revision = '0013_community_card_book'
down_revision = '0012_shared_state_snapshots'
branch_labels = None
depends_on = None

FACT_INDEX = ('author', 'card_key')
CHANGE_INDEX = ('at', 'by', 'card_key', 'fact_id')


def upgrade() -> None:
    create_table('community_fact',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('card_key', AutoString(length=64), nullable=False),
    sa.Column('fact', AutoString(length=32), nullable=False),
    sa.Column('value', sa.JSON(), nullable=False),
    sa.Column('author', AutoString(length=32), nullable=False),
    sa.Column('source_kind', AutoString(length=8), nullable=False),
    sa.Column('source', AutoString(length=200), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created', UTCDateTime(), nullable=False),
    sa.Column('updated', UTCDateTime(), nullable=False),
    sa.Column('hidden', sa.Boolean(), nullable=False),
    sa.Column('checked_by', AutoString(length=32), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('card_key', 'fact', 'author'),
    index=FACT_INDEX,
    )
    create_table('community_change',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('fact_id', sa.Integer(), nullable=False),
    sa.Column('card_key', AutoString(length=64), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('action', AutoString(length=16), nullable=False),
    sa.Column('by', AutoString(length=32), nullable=False),
    sa.Column('at', UTCDateTime(), nullable=False),
    sa.Column('value', sa.JSON(), nullable=True),
    sa.Column('note', AutoString(length=200), nullable=False),
    sa.ForeignKeyConstraint(['fact_id'], ['community_fact.id'], ),
    sa.PrimaryKeyConstraint('id'),
    index=CHANGE_INDEX,
    )
    create_table('moderator',
    sa.Column('account_id', AutoString(length=32), nullable=False),
    sa.Column('granted', UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], ),
    sa.PrimaryKeyConstraint('account_id'),
    )


def downgrade() -> None:
    drop_table('moderator')
    drop_table('community_change', index=CHANGE_INDEX)
    drop_table('community_fact', index=FACT_INDEX)
