#!/bin/sh
# wl-ab.sh OUT JAR [JVM flags]: the Windows-like grid's first four fixed cells, idlekit and Agrona's backoff
OUT=$1; JAR=$2; shift 2  # run from a scratch folder; writes OUT.txt and OUT/
sh -c 'echo 15625000 > /proc/self/timerslack_ns; exec "$@"' _ java "$@" -jar $JAR compare \
  --workloads fixed-10us,fixed-100us,fixed-1ms,fixed-10ms --strategies 'idlekit-balanced;agrona-backoff' \
  --duration 2s --out $OUT > $OUT.txt 2>&1
grep -A3 "workload fixed-10ms" $OUT.txt | tail -2 | awk '{print $1, $2, $3, $8}'
