"""The consumer's longest waits in the run queue, from a trace of the scheduler's sched_switch and sched_wakeup
events (tracefs): for each, how it began (woken, or preempted on a CPU), which threads held that CPU while it
waited (the idle task left out), and which other threads were woken onto the same CPU within 20 µs of the
consumer's last wake-up.
Usage: python3 run-queue-waits.py TRACE [THREAD_NAME, default consumer [HOW_MANY, default 15]]
"""
import re
import sys

name = sys.argv[2] if len(sys.argv) > 2 else 'consumer'
shown = int(sys.argv[3]) if len(sys.argv) > 3 else 15
switch = re.compile(r'\[(\d+)\].* (\d+\.\d+): sched_switch: prev_comm=(.*?) prev_pid=\d+ .*prev_state=(\S+) '
                    r'==> next_comm=(.*?) next_pid=\d+')
wakeup = re.compile(r'\[(\d+)\].* (\d+\.\d+): sched_wakeup: comm=(.*?) pid=\d+ .*target_cpu=(\d+)')
events = []
for line in open(sys.argv[1]):
    m = switch.search(line)
    if m:
        cpu, at, prev, state, nxt = m.groups()
        events.append(('switch', float(at), int(cpu), prev, state, nxt))
        continue
    m = wakeup.search(line)
    if m:
        cpu, at, comm, target = m.groups()
        events.append(('wakeup', float(at), int(target), comm))
wakeups = [e for e in events if e[0] == 'wakeup']
waits = []
running = {}
since = None
last_wake = None
for e in events:
    if e[0] == 'wakeup' and e[3] == name:
        since, cpu, how, last_wake = e[1], e[2], 'woken onto CPU %d' % e[2], (e[1], e[2])
        holders = [running[cpu]] if running.get(cpu, 'swapper').split('/')[0] != 'swapper' else []
    elif e[0] == 'switch':
        _, at, cpu_, prev, state, nxt = e
        running[cpu_] = nxt
        if since is not None and cpu_ == cpu and nxt != name and not nxt.startswith('swapper'):
            holders.append(nxt)
        if prev == name and state.startswith('R'):
            since, cpu, how, holders = at, cpu_, 'preempted on CPU %d' % cpu_, [nxt]
        elif nxt == name and since is not None:
            with_it = sorted({w[3] for w in wakeups if w[3] != name and w[2] == last_wake[1]
                              and abs(w[1] - last_wake[0]) < 20e-6}) if last_wake else []
            waits.append((at - since, since, how, sorted(set(holders)), with_it))
            since = None
waits.sort(reverse=True)
for wait, at, how, holders, with_it in waits[:shown]:
    print('%.3f ms at %.4f s: %s; CPU held by %s; woken last with %s' % (
        wait * 1e3, at, how, holders or 'nobody', with_it or 'no other thread'))
print('%d waits in the run queue, %d over 1 ms' % (len(waits), sum(1 for w in waits if w[0] > 1e-3)))
