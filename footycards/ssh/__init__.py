"""Provides play over SSH: `footycards serve` runs one process that gives every SSH client
its own footycards app (server.py: the asyncssh server and its rules; session.py: one app
per connection; driver.py: the Textual driver that draws on an SSH channel). Display text
from other people is made safe to show by `footycards.plaintext`, below every front end.

Importing this package imports nothing heavy: the server needs asyncssh and Textual.
"""
