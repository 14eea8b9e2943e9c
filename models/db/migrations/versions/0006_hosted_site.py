"""the hosted site: accounts, their cards and games, public listings, events

Revision ID: 0006_hosted_site
Revises: 0005_first_turn_flow

New tables only; nothing existing changes. Sessions and reset tokens are kept as hashes, like game links.
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

from models.db.migration_steps import create_table, drop_table

revision = '0006_hosted_site'
down_revision = '0005_first_turn_flow'
branch_labels = None
depends_on = None


def upgrade() -> None:
    create_table('account',
    sa.Column('id', AutoString(length=32), nullable=False),
    sa.Column('email', AutoString(length=254), nullable=False),
    sa.Column('name', AutoString(length=60), nullable=False),
    sa.Column('password_hash', AutoString(length=200), nullable=False),
    sa.Column('created', UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    index=['email'], unique=True,
    )
    create_table('sign_in_failure',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('email', AutoString(length=254), nullable=False),
    sa.Column('at', UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    index=['at', 'email'],
    )
    create_table('account_card',
    sa.Column('account_id', AutoString(length=32), nullable=False),
    sa.Column('key', AutoString(length=64), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('updated', UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], ),
    sa.PrimaryKeyConstraint('account_id', 'key')
    )
    create_table('account_game',
    sa.Column('account_id', AutoString(length=32), nullable=False),
    sa.Column('game_id', AutoString(length=32), nullable=False),
    sa.Column('links', sa.JSON(), nullable=False),
    sa.Column('added', UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], ),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.PrimaryKeyConstraint('account_id', 'game_id')
    )
    create_table('account_session',
    sa.Column('hash', AutoString(length=64), nullable=False),
    sa.Column('account_id', AutoString(length=32), nullable=False),
    sa.Column('created', UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], ),
    sa.PrimaryKeyConstraint('hash'),
    index=['account_id'],
    )
    create_table('event',
    sa.Column('id', AutoString(length=32), nullable=False),
    sa.Column('organiser', AutoString(length=32), nullable=False),
    sa.Column('name', AutoString(length=80), nullable=False),
    sa.Column('day', AutoString(length=10), nullable=False),
    sa.Column('system', AutoString(length=32), nullable=False),
    sa.Column('game_size', sa.Integer(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('lists_per_player', sa.Integer(), nullable=False),
    sa.Column('deadline', UTCDateTime(), nullable=False),
    sa.Column('status', AutoString(length=16), nullable=False),
    sa.Column('created', UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['organiser'], ['account.id'], ),
    sa.PrimaryKeyConstraint('id'),
    index=['organiser'],
    )
    create_table('public_listing',
    sa.Column('game_id', AutoString(length=32), nullable=False),
    sa.Column('watch_token', AutoString(length=64), nullable=False),
    sa.Column('listed', UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.PrimaryKeyConstraint('game_id')
    )
    create_table('reset_token',
    sa.Column('hash', AutoString(length=64), nullable=False),
    sa.Column('account_id', AutoString(length=32), nullable=False),
    sa.Column('expires', UTCDateTime(), nullable=False),
    sa.Column('used', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], ),
    sa.PrimaryKeyConstraint('hash'),
    index=['account_id'],
    )
    create_table('event_pairing',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', AutoString(length=32), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('table_no', sa.Integer(), nullable=False),
    sa.Column('player_a', AutoString(length=32), nullable=False),
    sa.Column('player_b', AutoString(length=32), nullable=True),
    sa.Column('game_id', AutoString(length=32), nullable=True),
    sa.Column('links', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'round', 'table_no'),
    index=['event_id'],
    )
    create_table('event_player',
    sa.Column('event_id', AutoString(length=32), nullable=False),
    sa.Column('account_id', AutoString(length=32), nullable=False),
    sa.Column('name', AutoString(length=60), nullable=False),
    sa.Column('lists', sa.JSON(), nullable=False),
    sa.Column('registered', UTCDateTime(), nullable=False),
    sa.Column('dropped', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], ),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ),
    sa.PrimaryKeyConstraint('event_id', 'account_id')
    )


def downgrade() -> None:
    drop_table('event_player')
    drop_table('event_pairing', index=['event_id'])
    drop_table('reset_token', index=['account_id'])
    drop_table('public_listing')
    drop_table('event', index=['organiser'])
    drop_table('account_session', index=['account_id'])
    drop_table('account_game')
    drop_table('account_card')
    drop_table('sign_in_failure', index=['at', 'email'])
    drop_table('account', index=['email'])
