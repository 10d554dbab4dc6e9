"""Provides `python -m footycards.cli`: the same as the `footycards` command."""

from .start import run

if __name__ == "__main__":
    run()
