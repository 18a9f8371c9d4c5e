"""The IMAP path against a real IMAP server: Dovecot from Debian, started by the test
as the current user on a free port with a configuration in a temporary folder.

Outside CI a missing Dovecot skips the test with the reason; in CI (``CI=true``) it
must be there (``scripts/test`` installs it).
"""

from __future__ import annotations

import getpass
import grp
import imaplib
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from mailkit import ALICE, Post
from nomicon.mail.imap import Mailbox, poll
from nomicon.mail.smtp import free_port

DOVECOT = shutil.which("dovecot") or ("/usr/sbin/dovecot"
                                      if Path("/usr/sbin/dovecot").exists() else None)
USER, PASSWORD = "game", "secret-for-the-test"


def _mail_owner() -> tuple[int, int]:
    """Whose the mail is: the current user's, or as root (which Dovecot refuses as a
    mail user) that of Debian's dovecot user."""
    if os.getuid() != 0:
        return os.getuid(), os.getgid()
    entry = pwd.getpwnam("dovecot")
    return entry.pw_uid, entry.pw_gid


def _config(root: Path, port: int) -> str:
    uid, gid = _mail_owner()
    user = getpass.getuser()
    group = grp.getgrgid(os.getgid()).gr_name
    login_user = user
    if os.getuid() == 0:
        # Dovecot's login processes refuse to run as root: as root, the unprivileged
        # users of Debian's package take their place.
        login_user, user, group = "dovenull", "dovecot", "dovecot"
    return f"""
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
protocols = imap
first_valid_uid = {uid}
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = {login_user}
default_internal_user = {user}
default_internal_group = {group}
mail_location = maildir:{root}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
service stats {{
  unix_listener stats-reader {{
    user = {user}
  }}
  unix_listener stats-writer {{
    user = {user}
  }}
}}
"""


@pytest.fixture
def dovecot() -> Iterator[Mailbox]:
    if DOVECOT is None:
        reason = "Dovecot is not installed (Debian: dovecot-imapd); scripts/test installs it"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        print(f"skipping the IMAP test: {reason}")
        pytest.skip(reason)
    # A folder of its own that Dovecot's unprivileged processes can reach (pytest's
    # temporary folders are private to the current user).
    root = Path(tempfile.mkdtemp(prefix="nomicon-dovecot-"))
    root.chmod(0o755)
    for folder in ("run", "state", "mail", "home"):
        (root / folder).mkdir(parents=True)
    for folder in ("mail", "home"):
        os.chown(root / folder, *_mail_owner())
    (root / "users").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n", encoding="utf-8")
    port = free_port("127.0.0.1")
    config = root / "dovecot.conf"
    config.write_text(_config(root, port), encoding="utf-8")
    output = (root / "output.log").open("wb")
    process = subprocess.Popen([DOVECOT, "-F", "-c", str(config)], stdout=output,
                               stderr=subprocess.STDOUT)
    try:
        for _ in range(100):  # until it listens (not a timing assertion: a wait)
            try:
                imaplib.IMAP4("127.0.0.1", port, timeout=5).logout()
                break
            except OSError:
                if process.poll() is not None:
                    pytest.fail(f"Dovecot stopped: {_logs(root)}")
                time.sleep(0.1)
        yield Mailbox("127.0.0.1", port, USER, PASSWORD, ssl=False)
    finally:
        process.terminate()
        process.wait(timeout=30)
        output.close()
        shutil.rmtree(root, ignore_errors=True)


def _logs(root: Path) -> str:
    return "\n".join(path.read_text(errors="replace") for path in
                     (root / "output.log", root / "dovecot.log") if path.exists())


def _append(box: Mailbox, message: EmailMessage) -> None:
    client = imaplib.IMAP4(box.host, box.port, timeout=30)
    try:
        client.login(box.user, box.password)
        status, _ = client.append(box.folder, "", imaplib.Time2Internaldate(time.time()),
                                  message.as_bytes(policy=policy.SMTP))
        assert status == "OK"
    finally:
        client.logout()


def _message(post: Post, text: str, message_id: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = ALICE
    message["To"] = post.address
    message["Subject"] = "orders"
    message["Message-ID"] = message_id
    message.set_content(text)
    return message


def test_orders_kept_in_an_imap_mailbox_are_acted_on_once(post: Post,
                                                           dovecot: Mailbox) -> None:
    _append(dovecot, _message(post, "roll\n", "<imap1@example.org>"))
    handled = poll(post.gateway, dovecot)
    assert [h.outcome for h in handled] == ["acted"]
    assert post.service.open(post.game).view()["players"]["alice"]["location"] > 1
    # Read and marked seen: the next poll finds nothing to handle.
    assert poll(post.gateway, dovecot) == []
    assert post.deliver() == (1, 0)
    assert "> roll\ndone: alice: roll" in post.reply_text(ALICE)


def test_a_message_put_back_unseen_is_not_acted_on_again(post: Post,
                                                         dovecot: Mailbox) -> None:
    _append(dovecot, _message(post, "roll\n", "<imap2@example.org>"))
    poll(post.gateway, dovecot)
    head = post.service.store.get_game(post.game).head
    _append(dovecot, _message(post, "roll\n", "<imap2@example.org>"))  # delivered again
    assert [h.outcome for h in poll(post.gateway, dovecot)] == ["replayed"]
    assert post.service.store.get_game(post.game).head == head
