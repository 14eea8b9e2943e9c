"""event results: what players reported of a table and the organiser entered, and the organiser's corrections

Revision ID: 0009_event_results
Revises: 0008_event_screens

New tables only; a game's status may now read "frozen" (its event paired the next round).
"""

import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString, UTCDateTime

from models.db.migration_steps import create_table, drop_table

revision = '0009_event_results'
down_revision = '0008_event_screens'
branch_labels = None
depends_on = None


def upgrade() -> None:
    create_table('result_report',
    sa.Column('pairing_id', sa.Integer(), nullable=False),
    sa.Column('event_id', AutoString(length=32), nullable=False),
    sa.Column('reported_by', sa.Integer(), nullable=True),
    sa.Column('status', AutoString(length=16), nullable=True),
    sa.Column('report', sa.JSON(), nullable=True),
    sa.Column('note', AutoString(length=200), nullable=False),
    sa.Column('entered', sa.JSON(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('updated', UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ),
    sa.ForeignKeyConstraint(['pairing_id'], ['event_pairing.id'], ),
    sa.PrimaryKeyConstraint('pairing_id'),
    index=['event_id'],
    )
    create_table('result_correction',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', AutoString(length=32), nullable=False),
    sa.Column('pairing_id', sa.Integer(), nullable=False),
    sa.Column('by', AutoString(length=32), nullable=False),
    sa.Column('at', UTCDateTime(), nullable=False),
    sa.Column('before', sa.JSON(), nullable=True),
    sa.Column('after', sa.JSON(), nullable=False),
    sa.Column('note', AutoString(length=200), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ),
    sa.ForeignKeyConstraint(['pairing_id'], ['event_pairing.id'], ),
    sa.PrimaryKeyConstraint('id'),
    index=['event_id'],
    )


def downgrade() -> None:
    drop_table('result_correction', index=['event_id'])
    drop_table('result_report', index=['event_id'])
