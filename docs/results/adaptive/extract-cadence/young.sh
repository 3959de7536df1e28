#!/bin/sh
# Young exp-100us cells: one fresh JVM per cell, the jars alternating, C2 time of idlekit's code from
# -XX:+LogCompilation (../compiles-7f56c41/c2ms.py). Run from the repository's root:
#   ROUNDS="1 2 3 4" sh docs/results/adaptive/extract-cadence/young.sh ef09cac=JAR kept=JAR
# Each JAR is benchmarks/target/benchmarks.jar built at that commit (./mvnw -B -q install -DskipTests).
set -eu
D=docs/results/adaptive/extract-cadence
T=${TMPDIR:-/tmp}
for n in ${ROUNDS:-1 2 3 4}; do
  for v in "$@"; do
    L=${v%%=*}; JAR=${v#*=}
    if [ $((n % 2)) = 1 ]; then S='idlekit-balanced;agrona-backoff'; else S='agrona-backoff;idlekit-balanced'; fi
    java -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=$T/100us-$L-$n.log -jar $JAR compare \
      --workloads exp-100us --strategies "$S" --duration 5s --quiet --out $T/100us-$L-$n > $D/runs/100us-$L-$n.txt
    python3 docs/results/adaptive/compiles-7f56c41/c2ms.py $T/100us-$L-$n.log io.github.idlekit. \
      > $D/runs/100us-$L-$n.c2.txt
  done
done
