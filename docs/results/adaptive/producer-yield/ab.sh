#!/bin/sh
# compare's producer spinning (899ebbd) and yielding (922f597) while it waits for its consumer, in turn, on JDK 17 and
# Temurin 25: the fixed-1ms and fixed-10ms cells, idlekit against Agrona's backoff, one fresh JVM per run. Each run
# writes ab/ROUND-JDK-BUILD.txt and its folder. About 45 s per run.
# Usage, from this folder: sh ab.sh SPINNING_JAR YIELDING_JAR ROUND...
SPIN=$1
YIELD=$2
shift 2
mkdir -p ab
for round in "$@"; do
  for jdk in 17 25; do
    java=java
    [ $jdk = 25 ] && java=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
    for build in spin yield; do
      jar=$SPIN
      [ $build = yield ] && jar=$YIELD
      $java -jar $jar compare --workloads fixed-1ms,fixed-10ms --strategies 'idlekit-balanced;agrona-backoff' \
        --duration 2s --verbose --out ab/$round-$jdk-$build > ab/$round-$jdk-$build.txt 2>&1
    done
  done
done
