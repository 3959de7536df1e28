#!/bin/bash
for i in 1 2 3 4; do
    java -jar /tmp/s1/exp.jar aeron --warmup 10s --strategies 'idlekit-balanced;agrona-backoff' --quiet --out w$i > w$i.txt 2>&1
done
