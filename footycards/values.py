"""Provides Frozen: the base of the small immutable classes that every start builds (the
game registry's games and options, a seat).

Such a class is what a frozen dataclass is — set once in `__init__`, compared, hashed
and shown by its fields, copied with changes by `replace` — but its methods are written
once, here, and read from the class's FIELDS. A frozen dataclass has six methods
generated as source and compiled for it at every import: about 4 million instructions a
class, a third of the import cost of footycards' own modules before the launcher's first
frame (issue 20). The instances keep a `__dict__` (no slots), so pickling and copying
work as for a dataclass.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, Self


class Frozen:
    """Subclasses name their fields in FIELDS (in `__init__`'s order, each an `__init__`
    parameter of that name) and set them with `_set` in `__init__`."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def _set(self, **values: Any) -> None:
        """Set fields once, from `__init__` (or `replace`)."""
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Frozen)
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({fields})"

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes` (field name -> value), made through `__init__`."""
        unknown = set(changes) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__qualname__} has no field {sorted(unknown)[0]!r}")
        return type(self)(**{name: changes.get(name, getattr(self, name)) for name in self.FIELDS})
