#!/bin/sh
# Eight fresh JVMs of exp-100us (native timers, 5 s cells), the four strategies in rotating order; run from the
# repository's root after ./mvnw -B -q install -DskipTests. Writes runs/N/compare.{csv,json,txt} under DIR, this folder
# by default: sh run.sh [DIR]
set -eu
D=${1:-docs/results/adaptive/exp-100us-aa}
mkdir -p $D/runs
I=idlekit-balanced; A=agrona-backoff; AA=agrona-backoff:10,5,1us,1ms; S=agrona-sleep-ns
n=0
for round in 1 2; do
  for order in "$I;$A;$AA;$S" "$A;$AA;$S;$I" "$AA;$S;$I;$A" "$S;$I;$A;$AA"; do
    n=$((n + 1))
    java -jar benchmarks/target/benchmarks.jar compare --workloads exp-100us --strategies "$order" \
      --duration 5s --quiet --out $D/runs/$n > $D/runs/$n.txt
  done
done
# The same rotation once more, each cell after a 20 s warm-up: runs/warm-N.
n=0
for order in "$I;$A;$AA;$S" "$A;$AA;$S;$I" "$AA;$S;$I;$A" "$S;$I;$A;$AA"; do
  n=$((n + 1))
  java -jar benchmarks/target/benchmarks.jar compare --workloads exp-100us --strategies "$order" \
    --duration 5s --warmup 20s --quiet --out $D/runs/warm-$n > $D/runs/warm-$n.txt
done
# The young rotation once more with C1 only (-XX:TieredStopAtLevel=1): nothing is compiled by C2: runs/c1-N.
n=0
for order in "$I;$A;$AA;$S" "$A;$AA;$S;$I" "$AA;$S;$I;$A" "$S;$I;$A;$AA"; do
  n=$((n + 1))
  java -XX:TieredStopAtLevel=1 -jar benchmarks/target/benchmarks.jar compare --workloads exp-100us \
    --strategies "$order" --duration 5s --quiet --out $D/runs/c1-$n > $D/runs/c1-$n.txt
done
