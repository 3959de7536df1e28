"""Per run of ab.sh: each cell's cost over Agrona's, the p90 latency of both strategies, and idlekit's CPU weight at
the end of its fixed-10ms cell. Usage: python3 ab-summary.py ab
"""
import csv
import pathlib
import re
import sys

for out in sorted(pathlib.Path(sys.argv[1]).glob("*.txt")):
    rows = [r for r in csv.reader((out.with_suffix("") / "compare.csv").open()) if r and not r[0].startswith("#")]
    cells = {(c["workload"], c["strategy"]): c for c in (dict(zip(rows[0], r)) for r in rows[1:])}
    weight = re.search(r"fixed-10ms idlekit-balanced: .*CPU weight ([0-9.]+)", out.read_text())
    parts = [out.stem]
    for workload in ("fixed-1ms", "fixed-10ms"):
        ours, theirs = cells[(workload, "idlekit-balanced")], cells[(workload, "agrona-backoff")]
        parts.append("%s %.2f (p90 %.0f / %.0f us)" % (workload, float(ours["cost_ratio_to_baseline"]),
            float(ours["p90_ns"]) / 1e3, float(theirs["p90_ns"]) / 1e3))
    parts.append("CPU weight " + (weight.group(1) if weight else "?"))
    print("  ".join(parts))
