import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds (user + system) of one `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat` line. */
function statCpuSeconds(stat: string): number {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime (fields 14, 15), in USER_HZ ticks
}

/** CPU seconds used so far by live processes whose command name matches (Linux /proc; 0 elsewhere). */
export function cpuSecondsOf(name: RegExp): number {
  let seconds = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (name.test(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) seconds += statCpuSeconds(stat);
      } catch {
        // process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return seconds;
}

/**
 * CPU seconds of this process's main thread and of its other threads (V8's compiler and garbage
 * collector helpers, libuv's pool) since `since` (Linux /proc; zeros elsewhere).
 */
export function threadCpu(since = { main: 0, other: 0 }): { main: number; other: number } {
  const cpu = { main: 0, other: 0 };
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      cpu[tid === String(process.pid) ? 'main' : 'other'] += statCpuSeconds(
        readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'),
      );
    }
  } catch {
    return cpu;
  }
  return { main: cpu.main - since.main, other: cpu.other - since.other };
}
