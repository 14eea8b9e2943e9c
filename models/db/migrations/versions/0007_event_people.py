"""events on the day: the event's clock and tables, co-organisers, published lists; players who are walk-ins,
checked in, dropped for a reason, or whose account was deleted (their row stays, so no foreign key to account)

Revision ID: 0007_event_people
Revises: 0006_hosted_site

The foreign keys from ``event.organiser`` and ``event_player.account_id`` to ``account`` go: a deleted account
leaves its event rows behind (anonymous), and a walk-in has no account. SQLite names the reflected foreign keys
by the naming convention below so that batch mode can drop them; PostgreSQL named them itself.
"""

import sqlalchemy as sa
from alembic import op
from sqlmodel.sql.sqltypes import AutoString

revision = '0007_event_people'
down_revision = '0006_hosted_site'
branch_labels = None
depends_on = None

NAMES = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}


def _fk(table: str, column: str) -> str:
    if op.get_bind().dialect.name == "postgresql":
        return f"{table}_{column}_fkey"
    return f"fk_{table}_{column}_account"


def upgrade() -> None:
    with op.batch_alter_table('event', schema=None, naming_convention=NAMES) as batch_op:
        batch_op.drop_constraint(_fk('event', 'organiser'), type_='foreignkey')
        batch_op.alter_column('organiser', existing_type=AutoString(length=32), nullable=True)
        batch_op.add_column(sa.Column('clock_minutes', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('tables', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('co_organisers', sa.JSON(), nullable=False, server_default='[]'))
        batch_op.add_column(sa.Column('lists_published', sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table('event_player', schema=None, naming_convention=NAMES) as batch_op:
        batch_op.drop_constraint(_fk('event_player', 'account_id'), type_='foreignkey')
        batch_op.add_column(sa.Column('walk_in', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('left', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('checked_in', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('drop_reason', AutoString(length=16), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('dropped_round', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('lists_status', AutoString(length=16), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('lists_note', AutoString(length=200), nullable=False, server_default=''))
    # Players dropped before this revision were left out of round 1 for want of lists (the only drop then besides
    # the API's, which is now "organiser" or "player" and cannot be told apart: they read as dropped).
    op.execute("UPDATE event_player SET drop_reason = 'dropped' WHERE dropped")


def downgrade() -> None:
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        for column in ('lists_note', 'lists_status', 'dropped_round', 'drop_reason', 'checked_in', 'left',
                       'walk_in'):
            batch_op.drop_column(column)
        batch_op.create_foreign_key('event_player_account_id_fkey', 'account', ['account_id'], ['id'])
    with op.batch_alter_table('event', schema=None) as batch_op:
        for column in ('lists_published', 'co_organisers', 'tables', 'clock_minutes'):
            batch_op.drop_column(column)
        batch_op.alter_column('organiser', existing_type=AutoString(length=32), nullable=False)
        batch_op.create_foreign_key('event_organiser_fkey', 'account', ['organiser'], ['id'])
