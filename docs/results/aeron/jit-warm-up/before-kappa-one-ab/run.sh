#!/bin/bash
for i in 1 2 3 4 5 6; do
  for e in 0 1; do
    java -Didlekit.exp=$e -jar /tmp/s1/exp.jar aeron --strategies 'idlekit-balanced;agrona-backoff' --quiet --out exp$e-$i > exp$e-$i.txt 2>&1
  done
done
