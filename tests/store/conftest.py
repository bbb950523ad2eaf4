"""Make the shared test helpers (storetest_models) and the project importable in any mode."""

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
for _path in (str(_HERE), str(_HERE.parents[1])):
    if _path not in sys.path:
        sys.path.insert(0, _path)
