"""Summarises the A/B in this folder: COMMIT-run-N.txt are `compare --workloads exp-100us,exp-1ms,exp-10ms,lognormal-1ms
--strategies 'idlekit-balanced;agrona-backoff' --duration 2s --quiet` with the benchmarks jar of each commit, the two
alternating, six runs each. Prints idlekit-balanced's cost ratio to agrona-backoff per run and the mean per cell.
Run: python3 summarise.py > summary.txt"""
import glob
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
COMMITS = ['85a85df', 'd790050']


def ratios(path):
    cells = {}
    workload = None
    for line in open(path):
        if line.startswith('workload '):
            workload = line.split()[1]
        elif line.startswith('idlekit-balanced'):
            cells[workload] = float(line.split()[-1])
    return cells


for commit in COMMITS:
    runs = [ratios(p) for p in sorted(glob.glob(f'{HERE}/{commit}-run-*.txt'), key=lambda p: int(re.findall(r'\d+', p)[-1]))]
    workloads = list(runs[0])
    print(commit + ':')
    for w in workloads:
        values = [r[w] for r in runs]
        print('  %-14s %s  mean %.3f' % (w, ' '.join('%.2f' % v for v in values), sum(values) / len(values)))
