"""Provides the screens of the footycards app: launcher, game screens and dialogs."""
