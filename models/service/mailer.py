"""Mail the site sends (password reset links, sign-up links): through an SMTP server when ``TABLEKEEPER_SMTP_HOST``
is set, else into the server log at WARNING, so that a site without mail still lets its operator hand a link over.

A mail that cannot be sent is logged, never raised: the person asking gets the same answer either way, which
also keeps the answer from telling whether an email has an account.
"""

from __future__ import annotations

import logging
import os
import smtplib
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import EmailMessage

log = logging.getLogger("tablekeeper.mail")
NO_SITE = ("TABLEKEEPER_SMTP_HOST is set but TABLEKEEPER_SITE_URL is not: password reset links and sign-ups are "
           "refused until the site's address is set (TABLEKEEPER_SITE_URL=https://..., docs/DEPLOY.md).")
SMTP_TIMEOUT = 10.0  # seconds: a stuck mail server must not hold a request for long


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    body: str


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int = 587
    user: str | None = None
    password: str | None = None
    sender: str = "tablekeeper@localhost"
    starttls: bool = True

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> SmtpSettings | None:
        """The ``TABLEKEEPER_SMTP_*`` settings, or None when no host is set."""
        host = env.get("TABLEKEEPER_SMTP_HOST", "").strip()
        if not host:
            return None
        return cls(host=host, port=int(env.get("TABLEKEEPER_SMTP_PORT") or cls.port),
                   user=env.get("TABLEKEEPER_SMTP_USER") or None,
                   password=env.get("TABLEKEEPER_SMTP_PASSWORD") or None,
                   sender=env.get("TABLEKEEPER_SMTP_FROM") or cls.sender,
                   starttls=(env.get("TABLEKEEPER_SMTP_STARTTLS") or "true").strip().lower()
                   not in {"0", "false", "no", "off"})


def local_site(host: str | None, port: int | str | None) -> str:
    """The address a server on this machine answers at: its bound loopback address, else ``localhost``."""
    host = (host or "").strip()
    loopback = host if host.startswith("127.") or host in {"localhost", "::1"} else "localhost"
    return f"http://{f'[{loopback}]' if ':' in loopback else loopback}:{port or 8080}"


class Mailer:
    """Sends one plain-text mail at a time. ``site_url`` (``TABLEKEEPER_SITE_URL``) is the address links in mail
    point to, and only configuration names it: a request's ``Host`` header is whatever its sender typed. A site
    that mails through SMTP must set it (``site_url`` is None then, and no link is made); a server without SMTP
    only writes mail to its own log, and its links point to this machine (``local``)."""

    def __init__(self, smtp: SmtpSettings | None, site_url: str | None = None,
                 local: str = "http://localhost:8080") -> None:
        configured = (site_url or "").strip().rstrip("/") or None
        self.smtp, self.site_url = smtp, configured or (None if smtp else local)

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Mailer:
        mailer = cls(SmtpSettings.from_env(env), env.get("TABLEKEEPER_SITE_URL"),
                     local_site(env.get("HOST"), env.get("PORT")))
        if mailer.site_url is None:
            log.error(NO_SITE)
        return mailer

    @property
    def sends(self) -> bool:
        """Whether mail reaches people (an SMTP server is set), so a link mailed to an email proves its owner
        opened it; a mail written to the server's log proves nothing."""
        return self.smtp is not None

    def send(self, mail: Mail) -> None:
        if self.smtp is None:
            log.warning("No SMTP server is set (TABLEKEEPER_SMTP_HOST), so this mail is logged instead. "
                        "To: %s. Subject: %s. %s", mail.to, mail.subject, mail.body)
            return
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.smtp.sender, mail.to, mail.subject
        message.set_content(mail.body)
        try:
            with smtplib.SMTP(self.smtp.host, self.smtp.port, timeout=SMTP_TIMEOUT) as server:
                if self.smtp.starttls:
                    server.starttls()
                if self.smtp.user:
                    server.login(self.smtp.user, self.smtp.password or "")
                server.send_message(message)
        except (OSError, smtplib.SMTPException):
            log.exception("Could not send mail to %s through %s:%s", mail.to, self.smtp.host, self.smtp.port)
