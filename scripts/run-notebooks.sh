#!/usr/bin/env bash
# Executes the reference notebooks (notebooks/*.ipynb) in place with Debian's Python, so their saved
# outputs are fresh; each one rewrites its tests/golden/*.json. Stops at the first failing notebook.
# Usage: scripts/run-notebooks.sh [notebooks/docNNN_....ipynb ...]   (default: every notebook)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup-system.sh notebooks

# Only Debian's interpreter has torch, numpy, sklearn and nbconvert (a pyenv `python3` on PATH has not).
PYTHON=/usr/bin/python3
[ -x "$PYTHON" ] || { echo "run-notebooks: $PYTHON not found" >&2; exit 1; }

export POSLAB_PYTHON="$PYTHON"
export PYDEVD_DISABLE_FILE_VALIDATION=1      # silences ipykernel's debugger warning on Python 3.11
export PYTHONHASHSEED=0
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1   # same reductions on every machine

# The kernel "python3" must start that same interpreter; the notebooks also check it (POSLAB_PYTHON).
kernel_python="$("$PYTHON" - <<'PY'
import os
from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
try:
    spec = KernelSpecManager().get_kernel_spec("python3")
except NoSuchKernel:
    raise SystemExit("run-notebooks: no Jupyter kernel named python3 (install python3-ipykernel)")
print(os.path.realpath(spec.argv[0]) if os.path.isabs(spec.argv[0]) else spec.argv[0])
PY
)"
if [ "$kernel_python" != "$(realpath "$PYTHON")" ] && [ "$kernel_python" != "python" ] && [ "$kernel_python" != "python3" ]; then
  echo "run-notebooks: the Jupyter kernel 'python3' starts $kernel_python, not $PYTHON" >&2
  echo "run-notebooks: remove the user kernel spec that overrides it (see: $PYTHON -c 'import jupyter_core.paths as p; print(p.jupyter_path())')" >&2
  exit 1
fi

if [ $# -gt 0 ]; then
  notebooks=("$@")
else
  mapfile -t notebooks < <(ls notebooks/*.ipynb | LC_ALL=C sort)
fi
[ ${#notebooks[@]} -gt 0 ] || { echo "run-notebooks: no notebooks found in notebooks/" >&2; exit 1; }

mkdir -p tests/golden
start=$SECONDS
for nb in "${notebooks[@]}"; do
  echo "run-notebooks: executing $nb"
  t0=$SECONDS
  if ! "$PYTHON" -m nbconvert --to notebook --execute --inplace \
        --ExecutePreprocessor.kernel_name=python3 \
        --ExecutePreprocessor.timeout=900 \
        --ExecutePreprocessor.record_timing=False \
        "$nb"; then
    echo "run-notebooks: FAILED: $nb (its golden files were not all rewritten; see the error above)" >&2
    exit 1
  fi
  echo "run-notebooks: ok $nb ($((SECONDS - t0)) s)"
done

echo "run-notebooks: all ${#notebooks[@]} notebooks passed in $((SECONDS - start)) s; golden files:"
(cd tests/golden && md5sum -- *.json)
