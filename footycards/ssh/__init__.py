"""Provides play over SSH: `footycards serve` runs one process that gives every SSH client
its own footycards app (server.py: the asyncssh server and its rules; session.py: one app
per connection; driver.py: the Textual driver that draws on an SSH channel; sanitize.py:
display text from other people made safe to show).

Importing this package imports nothing heavy: the server needs asyncssh and Textual, the
text cleaning needs only the standard library (footycards.tables uses it).
"""
