"""Provides `python -m footycards.cli`: the same as the `footycards` command."""

from .app import main

if __name__ == "__main__":
    main()
