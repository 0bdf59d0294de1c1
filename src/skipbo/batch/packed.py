"""Arrays held as views of one byte buffer, and the table a compiled kernel finds them by.

A compiled call costs about 0.1 us for each array it is passed: Numba checks the
type and unboxes every one. A batch's turn reads some thirty arrays, so stepping
one game by the batch's kernels costs more in the call than in the work. Packed,
the arrays are slices of one buffer, and a kernel given the buffer and its layout
(:attr:`Packed.layout`) takes the same arrays back as views (:func:`view1` to
:func:`view4`), at the price of a call with two arguments.

>>> import numpy as np
>>> from skipbo.batch.arrays import ArraySpec
>>> packed = Packed(
...     [ArraySpec("counts", (2, 3), np.int64, 0), ArraySpec("tops", (2,), np.int8, -1)]
... )
>>> packed.arrays["tops"].tolist()
[-1, -1]
>>> packed.arrays["counts"][1, 2] = 7
>>> int(packed.buffer[packed.layout[0, 0] + 5 * 8])  # the sixth int64, little-endian
7
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch._jit import COMPILED, kernel
from skipbo.batch.arrays import ArraySpec

__all__ = ["LAYOUT_WIDTH", "Packed", "view1", "view2", "view3", "view4"]

LAYOUT_WIDTH = 6
"""A layout row: the array's first byte, its bytes, then its shape padded with 1s to 4."""

_ALIGN = 8
"""Every array starts at a multiple of 8 bytes, the widest type's alignment."""


class Packed:
    """The arrays of ``specs``, each a view of one buffer, filled with their start values.

    Attributes:
        buffer: The bytes holding every array (``uint8``).
        layout: One row per spec, in order (:data:`LAYOUT_WIDTH` ``int64`` each).
        arrays: Each array by its spec's name.

    Raises:
        ValueError: if two specs have one name, or a shape has more than 4 axes.

    """

    def __init__(self, specs: Sequence[ArraySpec]) -> None:
        names = [spec.name for spec in specs]
        if len(set(names)) != len(names):
            raise ValueError(f"packed arrays need distinct names, got {names}")
        starts, end = [], 0
        for spec in specs:
            if len(spec.shape) > LAYOUT_WIDTH - 2:
                raise ValueError(f"{spec.name}: at most {LAYOUT_WIDTH - 2} axes, got {spec.shape}")
            end = -(-end // _ALIGN) * _ALIGN
            starts.append(end)
            end += int(np.prod(spec.shape, dtype=np.int64)) * np.dtype(spec.dtype).itemsize
        self.buffer: npt.NDArray[np.uint8] = np.zeros(max(end, _ALIGN), dtype=np.uint8)
        self.layout: npt.NDArray[np.int64] = np.ones((len(specs), LAYOUT_WIDTH), dtype=np.int64)
        self.arrays: dict[str, npt.NDArray[Any]] = {}
        for row, (spec, start) in enumerate(zip(specs, starts, strict=True)):
            size = int(np.prod(spec.shape, dtype=np.int64)) * np.dtype(spec.dtype).itemsize
            array = self.buffer[start : start + size].view(spec.dtype).reshape(spec.shape)
            array[...] = spec.fill
            self.arrays[spec.name] = array
            self.layout[row, :2] = start, size
            self.layout[row, 2 : 2 + len(spec.shape)] = spec.shape


# The views a kernel takes back, one function per number of axes: a kernel's array
# types (element type and axes) are fixed when it is compiled. `dtype` is a NumPy
# scalar type (np.int8, ...), the array's spec's. Each view is `numba.carray` over
# the array's address: a slice, a `.view` and a `.reshape` would build three arrays
# with their reference counts and checks (70 ns a view; this is under 1 ns). The
# views live only inside the call, which holds the buffer.


def _pointer_kernels() -> tuple[Any, Any]:
    """Numba's ``carray`` and a cast of an address to a pointer (``None``s without Numba)."""
    if not COMPILED:
        return None, None
    import numba
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic
    def pointer(typing_context: Any, address: Any) -> Any:  # pragma: no cover - compiled
        def codegen(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
            return builder.inttoptr(arguments[0], cgutils.voidptr_t)

        return types.voidptr(address), codegen

    return numba.carray, pointer  # type: ignore[attr-defined]  # numba's stubs lack it


_carray, _pointer = _pointer_kernels()


@kernel
def view1(buffer: Any, layout: Any, row: int, dtype: Any) -> Any:  # pragma: no cover - compiled
    """Array ``row`` of ``layout``, one axis."""
    address = buffer.ctypes.data + layout[row, 0]
    return _carray(_pointer(address), (layout[row, 2],), dtype)


@kernel
def view2(buffer: Any, layout: Any, row: int, dtype: Any) -> Any:  # pragma: no cover - compiled
    """Array ``row`` of ``layout``, two axes."""
    address = buffer.ctypes.data + layout[row, 0]
    return _carray(_pointer(address), (layout[row, 2], layout[row, 3]), dtype)


@kernel
def view3(buffer: Any, layout: Any, row: int, dtype: Any) -> Any:  # pragma: no cover - compiled
    """Array ``row`` of ``layout``, three axes."""
    address = buffer.ctypes.data + layout[row, 0]
    shape = (layout[row, 2], layout[row, 3], layout[row, 4])
    return _carray(_pointer(address), shape, dtype)


@kernel
def view4(buffer: Any, layout: Any, row: int, dtype: Any) -> Any:  # pragma: no cover - compiled
    """Array ``row`` of ``layout``, four axes."""
    address = buffer.ctypes.data + layout[row, 0]
    shape = (layout[row, 2], layout[row, 3], layout[row, 4], layout[row, 5])
    return _carray(_pointer(address), shape, dtype)
