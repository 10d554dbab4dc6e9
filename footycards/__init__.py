"""Provides the footycards package: four football card games for the terminal."""

__version__ = "0.1.0"
