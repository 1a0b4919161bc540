"""PyTorch's side of scripts/bench/transformer.mjs: the reference module of notebooks/transformer_reference.ipynb
(its cells are run from the notebook itself, so the benchmark times exactly the module the tests hold the lab
against), trained on one thread with torch.optim.Adam and clip_grad_norm_ on the batches transformer.mjs draws.
Prints {"small": ms_per_step, "length": ms_per_step} as JSON."""
import contextlib
import io
import json
import sys
import time
from pathlib import Path

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_num_threads(1)
root = Path(__file__).resolve().parents[2]
notebook = json.loads((root / "notebooks" / "transformer_reference.ipynb").read_text())
scope = {"math": math, "torch": torch, "nn": nn, "F": F}  # what the notebook's first cell imports
for cell in notebook["cells"]:
    source = "".join(cell["source"])
    if cell["cell_type"] == "code" and source.startswith(("# ALiBi", "# El modelo")):
        with contextlib.redirect_stdout(io.StringIO()):  # the cells print examples; only the JSON goes out
            exec(compile(source, "transformer_reference.ipynb", "exec"), scope)  # noqa: S102 — the project's own notebook

presets = json.loads(sys.argv[1])
out = {}
for name, p in presets.items():
    model = scope["build"](dict(seed=0, vocab_size=p["vocabSize"], d_model=p["dModel"], heads=p["heads"], layers=p["layers"],
                                ffn_size=p["ffnSize"], max_len=p["maxLen"], positional=p["positional"], causal=p["causal"]))
    ids = torch.tensor(p["ids"], dtype=torch.long).view(p["batch"], p["length"])
    targets = torch.tensor(p["targets"], dtype=torch.long).view(-1)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)

    def step():
        optimizer.zero_grad()
        loss = F.cross_entropy(model(ids).view(-1, p["vocabSize"]), targets, ignore_index=-100)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()

    for _ in range(20):
        step()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < 2.0:
        step()
        steps += 1
    out[name] = 1000 * (time.perf_counter() - start) / steps
print(json.dumps(out))
