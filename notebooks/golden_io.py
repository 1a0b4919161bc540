"""Shared helpers of the reference notebooks: find the repository, write golden JSON, check printed digits.

Ayudantes comunes de los cuadernos de referencia: localizar el repositorio, escribir el JSON dorado
y comprobar los dígitos que imprimió cada documento.

The golden files in tests/golden/ are read by the native, WebAssembly and browser tests. They must be
byte-identical when the notebooks are run again on the same machine, so this module writes them in one
fixed layout: keys sorted, floats as Python floats (a float32 value becomes the exact double holding it,
written with Python's shortest round-trip repr), no timestamps, numeric lists on one line.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["repo_root", "to_plain", "dumps", "write_golden", "matches_printed", "assert_printed",
           "capture_stdout"]


def repo_root(start: os.PathLike | str | None = None) -> Path:
    """Walk up from `start` (default: the working directory) to the folder holding package.json."""
    here = Path(start or os.getcwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "package.json").is_file() and (folder / "notebooks").is_dir():
            return folder
    raise FileNotFoundError(f"no poslab repository (package.json + notebooks/) above {here}")


def data_dir(root: os.PathLike | str | None = None) -> Path:
    """The folder of the source texts (the-verdict.txt, text.txt), never committed: the project's one rule,
    scripts/data-dir.mjs (POSLAB_DATA, else shared/data beside the project or beside its git origin)."""
    import subprocess
    script = repo_root(root) / "scripts" / "data-dir.mjs"
    done = subprocess.run(["node", str(script)], capture_output=True, text=True)
    if done.returncode != 0:
        raise FileNotFoundError(done.stderr.strip())
    return Path(done.stdout.strip())


def to_plain(obj: Any) -> Any:
    """Turn tensors, arrays and NumPy scalars into plain lists, floats, ints, bools and strings."""
    if hasattr(obj, "detach") and hasattr(obj, "cpu"):  # a torch tensor
        obj = obj.detach().cpu().numpy()
    if hasattr(obj, "tolist") and hasattr(obj, "dtype"):  # a NumPy array or scalar
        obj = obj.tolist()  # float32 -> exact Python float, int32 -> int
    if isinstance(obj, dict):
        return {str(k): to_plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_plain(v) for v in obj]
    if isinstance(obj, bool) or obj is None or isinstance(obj, str):
        return obj
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, float):
        if not math.isfinite(obj):
            raise ValueError(f"golden values must be finite, got {obj!r}")
        return float(obj)
    raise TypeError(f"cannot write {type(obj).__name__} to a golden file")


def _is_scalar(v: Any) -> bool:
    return v is None or isinstance(v, (bool, int, float, str))


def _dump(obj: Any, level: int) -> str:
    pad, inner = " " * level, " " * (level + 1)
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{inner}{json.dumps(k)}: {_dump(obj[k], level + 1)}" for k in sorted(obj)]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if all(_is_scalar(v) for v in obj):  # a vector: one line
            return "[" + ",".join(json.dumps(v, allow_nan=False) for v in obj) + "]"
        items = [inner + _dump(v, level + 1) for v in obj]  # a matrix: one row per line
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(obj, allow_nan=False)


def dumps(data: dict) -> str:
    """The golden text of `data`: sorted keys, one matrix row per line, a final newline."""
    plain = to_plain(data)
    text = _dump(plain, 0) + "\n"
    if json.loads(text) != plain:  # the layout must never change a value
        raise AssertionError("golden JSON does not round-trip")
    return text


def write_golden(name: str, data: dict, generated_by: str, root: os.PathLike | str | None = None) -> Path:
    """Write tests/golden/<name> with a `metadata` block (generator and library versions, no time)."""
    import numpy
    import sklearn
    import torch

    if "metadata" in data:
        raise KeyError("'metadata' is reserved for write_golden")
    payload = dict(data)
    payload["metadata"] = {
        "generated_by": generated_by,
        "torch_version": torch.__version__,
        "numpy_version": numpy.__version__,
        "sklearn_version": sklearn.__version__,
    }
    path = Path(root or repo_root()) / "tests" / "golden" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(payload)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    return path


def matches_printed(value: float, printed: str) -> bool:
    """True when `value`, shown with the precision of `printed`, gives the same digits.

    "0.84147" is compared with f"{value:.5f}"; "2.1544e-3" (or "2.1544e-03") with f"{value:.4e}",
    mantissa and exponent separately, so the short exponent form used in docs/experiments.md works too.
    """
    s = printed.strip().lower()
    if "e" in s:
        mantissa, exponent = s.split("e")
        decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
        mine_m, mine_e = f"{value:.{decimals}e}".split("e")
        return mine_m == mantissa and int(mine_e) == int(exponent)
    decimals = len(s.split(".")[1]) if "." in s else 0
    mine = f"{value:.{decimals}f}"
    return mine == s or (mine.lstrip("-") == s.lstrip("-") and float(s) == 0.0)


def assert_printed(values, printed_strings, label: str = "") -> None:
    """Assert that every value reproduces the digits the document printed for it."""
    values = list(values)
    if len(values) != len(printed_strings):
        raise AssertionError(f"{label}: {len(values)} values for {len(printed_strings)} printed strings")
    for k, (v, s) in enumerate(zip(values, printed_strings)):
        if not matches_printed(float(v), s):
            raise AssertionError(f"{label}[{k}]: computed {float(v)!r}, the document printed {s}")


class _Tee(io.TextIOBase):
    def __init__(self, real, copy):
        self._real, self._copy = real, copy

    def write(self, text):
        self._real.write(text)
        self._copy.write(text)
        return len(text)

    def flush(self):
        self._real.flush()


@contextlib.contextmanager
def capture_stdout():
    """Show what a document's cell prints and keep a copy of it, to compare with the document's output.

    with capture_stdout() as out:
        print(...)            # the document's code
    assert out.getvalue() == DOCUMENT_OUTPUT
    """
    copy, real = io.StringIO(), sys.stdout
    sys.stdout = _Tee(real, copy)
    try:
        yield copy
    finally:
        sys.stdout = real
