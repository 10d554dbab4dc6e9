"""Provides the Textual user interface of footycards (launcher, game screens, widgets)."""
