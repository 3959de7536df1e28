"""The consumer's longest waits in the run queue, from a trace of the scheduler's sched_switch and sched_wakeup
events (tracefs): for each, whether it was woken or preempted, on which CPU, which other threads the same interrupt
woke onto that CPU, and what each CPU was running at the wake-up.
Usage: python3 run-queue-waits.py TRACE [THREAD_NAME, default consumer]
"""
import re
import sys

name = sys.argv[2] if len(sys.argv) > 2 else 'consumer'
switch = re.compile(r'\[(\d+)\].* (\d+\.\d+): sched_switch: prev_comm=(.*?) prev_pid=\d+ .*prev_state=(\S+) '
                    r'==> next_comm=(.*?) next_pid=\d+')
wakeup = re.compile(r'\[(\d+)\].* (\d+\.\d+): sched_wakeup: comm=(.*?) pid=\d+ .*target_cpu=(\d+)')
running = {}
recent = []
since = None
waits = []
for line in open(sys.argv[1]):
    m = switch.search(line)
    if m:
        cpu, at, prev, state, nxt = m.groups()
        running[cpu] = nxt
        if prev == name and state.startswith('R'):
            since, how = float(at), 'preempted by %s on CPU %s' % (nxt, cpu)
        if nxt == name and since is not None:
            waits.append((float(at) - since, since, how))
            since = None
        continue
    m = wakeup.search(line)
    if m:
        cpu, at, comm, target = m.groups()
        at = float(at)
        recent = [(t, c, tc) for t, c, tc in recent if at - t < 20e-6] + [(at, comm, target)]
        if comm == name:
            also = sorted({c for t, c, tc in recent if c != name and tc == target})
            since, how = at, 'woken onto CPU %s with %s, CPUs running %s' % (
                target, also or 'no other thread', dict(sorted(running.items())))
waits.sort(reverse=True)
for wait, at, how in waits[:15]:
    print('%.3f ms at %.4f s: %s' % (wait * 1e3, at, how))
print('%d waits in the run queue, %d over 1 ms' % (len(waits), sum(1 for w in waits if w[0] > 1e-3)))
