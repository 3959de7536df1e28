"""Summarises DIR/run-1..3/compare.json (three runs of the README's native compare grid, or of its fixed and
exponential workloads) into a summary: per cell the cost ratio to agrona-backoff in each run, and per run the geomean
and worst over issue 7's grid (fixed and exponential gaps, 10 us to 10 ms), for the strategies the runs have.
Run: python3 summarise.py [DIR] > DIR/summary.txt (DIR defaults to this folder)"""
import json
import math
import sys

DIR = sys.argv[1] if len(sys.argv) > 1 else '.'

GRID = ['fixed-10us', 'fixed-100us', 'fixed-1ms', 'fixed-10ms', 'exp-10us', 'exp-100us', 'exp-1ms', 'exp-10ms']
EXTRA = ['periodic-1ms', 'lognormal-1ms', 'burst-16x10ms']
STRATEGIES = ['idlekit-balanced', 'fixed:balanced', 'aeron-backoff']
RUNS = (1, 2, 3)


def ratios(run):
    cells = {}
    for line in open(f'{DIR}/run-{run}/compare.json'):
        line = line.strip().rstrip(',')
        if line.startswith('{"workload"'):
            cell = json.loads(line)
            cells[(cell['workload'], cell['strategy'])] = cell['cost_ratio_to_baseline']
    return cells


runs = {run: ratios(run) for run in RUNS}
STRATEGIES = [s for s in STRATEGIES if (GRID[0], s) in runs[1]]
EXTRA = [w for w in EXTRA if (w, STRATEGIES[0]) in runs[1]]
print("Three runs of the README's native compare grid or of its eight fixed and exponential workloads (2 s cells, at least 1,000 mean gaps), one after another on the 2-vCPU VM.")
print("Cost at lambda=1 over agrona-backoff's in the same run; files run-1..3.txt and run-1..3/compare.json.")
print()
print("%-16s %-18s %6s %6s %6s" % ("workload", "strategy", "run 1", "run 2", "run 3"))
for strategy in STRATEGIES:
    for workload in GRID + EXTRA:
        print("%-16s %-18s %6.2f %6.2f %6.2f" % (workload, strategy, *[runs[r][(workload, strategy)] for r in RUNS]))
    print()
for strategy in STRATEGIES:
    for run in RUNS:
        cells = [runs[run][(workload, strategy)] for workload in GRID]
        geomean = math.exp(sum(map(math.log, cells)) / len(cells))
        print("%s run %d, fixed+exp 10us-10ms: geomean %.2f, worst %.2f (%s), cells above 1.0: %d" % (
            strategy, run, geomean, max(cells), GRID[cells.index(max(cells))], sum(1 for c in cells if c > 1.0)))
