"""Provides widgets shared by several game screens."""
