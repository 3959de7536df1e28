#!/usr/bin/env python3
"""Splits one thread's perf samples over the last N seconds by where in the idle strategy they fell.

Usage: perf script -i perf.data --tid TID -F time,ip,sym | python3 attribute.py STRATEGY_IDLE_FRAME [SECONDS]
e.g.   ... | python3 attribute.py CalibratedIdleStrategy.idle 20
"""
import collections
import re
import sys


def samples(lines):
    current = None
    for line in lines:
        line = line.rstrip('\n')
        stamp = re.match(r'^\s*(\d+\.\d+):', line)
        if stamp:
            if current:
                yield current
            current = (float(stamp.group(1)), [])
        elif line.strip() and current is not None:
            parts = line.strip().split(None, 1)
            current[1].append(parts[1] if len(parts) > 1 else parts[0])
    if current:
        yield current


def main():
    idle_frame = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
    all_samples = list(samples(sys.stdin))
    end = max(t for t, _ in all_samples)
    window = [frames for t, frames in all_samples if t >= end - seconds]
    where = collections.Counter()
    below_idle = collections.Counter()
    for frames in window:
        stack = ' | '.join(frames)
        if idle_frame in stack:
            if 'Unsafe.park' in stack or 'parkNanos' in stack or 'parkKeepingInterrupt' in stack:
                where['in idle: parking'] += 1
            elif 'Thread.yield' in stack or 'sched_yield' in stack:
                where['in idle: yielding'] += 1
            else:
                where['in idle: the rest'] += 1
                depth = next(i for i, frame in enumerate(frames) if idle_frame in frame)
                callee = frames[depth - 1] if depth > 0 else 'itself'
                below_idle[re.sub(r'\(.*', '', callee.split(' ', 1)[-1])] += 1
        elif 'EventConsumer.consume' in stack or 'LatencyCpuRun.consume' in stack:
            where['harness loop'] += 1
        else:
            where['no Java frames (kernel, switching)'] += 1
    interpreted = sum(1 for frames in window if frames and frames[0] == 'Interpreter')
    print('%d samples in the last %.0f s, %d of them in the interpreter' % (len(window), seconds, interpreted))
    for key, count in where.most_common():
        print('%6d  %s' % (count, key))
    print('the rest of idle, by the frame right below it:')
    for key, count in below_idle.most_common(12):
        print('%6d    %s' % (count, key))


if __name__ == '__main__':
    main()
