"""Play by mail: orders in by e-mail, answers out by e-mail.

:mod:`~nomicon.mail.gateway` handles a received message (who sent it, its orders, the
reply); :mod:`~nomicon.mail.smtp` receives mail over SMTP and sends the outbox to a
relay; :mod:`~nomicon.mail.imap` polls a mailbox; :mod:`~nomicon.mail.book` keeps the
registered addresses, the messages handled and the outbox in the store.
"""
