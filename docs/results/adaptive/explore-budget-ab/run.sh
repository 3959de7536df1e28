#!/bin/sh
# Usage: sh run.sh N HEAD.jar CHANGED.jar: N alternating pairs of exp-100us cells, outputs in runs/
mkdir -p runs
for n in $(seq 1 $1); do
  java -jar $2 compare --workloads exp-100us --strategies 'idlekit-balanced;agrona-backoff' --duration 4s --verbose \
    --out runs/head-$n > runs/head-$n.txt 2>&1
  java -jar $3 compare --workloads exp-100us --strategies 'idlekit-balanced;agrona-backoff' --duration 4s --verbose \
    --out runs/explore64-$n > runs/explore64-$n.txt 2>&1
done
