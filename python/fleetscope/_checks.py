"""Argument checks shared by the package's modules: a bad value is an error naming it."""

from __future__ import annotations

import operator
from typing import Any


def integer(name: str, value: Any, lowest: int, highest: int) -> int:
    """``value`` as an int in [lowest, highest], or a clear error naming it."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, not a bool")
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}") from None
    if not lowest <= v <= highest:
        raise ValueError(f"{name} must be from {lowest} to {highest}, not {v}")
    return v
