#!/bin/bash
for i in 1 2 3 4; do
  /usr/bin/time -f "%e s" java -jar /tmp/s1/warm.jar aeron --strategies 'idlekit-balanced;agrona-backoff' --out i$i > i$i.txt 2> i$i.err
  /usr/bin/time -f "%e s" java -jar /tmp/s1/warm.jar aeron --strategies 'agrona-backoff;idlekit-balanced' --out a$i > a$i.txt 2> a$i.err
done
touch done.flag
