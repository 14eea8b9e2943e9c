"""card.by_operator: site-wide cards need an operator's right

Rows written before this revision came from any game link and are not trusted: they get ``by_operator = false``,
stay in the table for an operator to look at, and are never read into the catalog.

Revision ID: 0002_card_by_operator
Revises: 0001
"""

import sqlalchemy as sa

from models.db.migration_steps import add_columns, drop_columns

revision = "0002_card_by_operator"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    add_columns("card", sa.Column("by_operator", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    drop_columns("card", "by_operator")
