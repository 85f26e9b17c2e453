import fs from 'node:fs';

/**
 * CPU time from Linux's /proc, for the benchmarks: unlike latency, it does not depend on how the
 * shared cores were dealt out, so it shows what each answer costs the process that gave it.
 */

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const PROC_TICKS_PER_SECOND = 100;

const cpuMicrosOfStat = (stat: string): number => {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / PROC_TICKS_PER_SECOND;
};

/** The CPU time (user and system) one process has used so far, in microseconds; undefined where there is none. */
export const cpuMicrosOfProcess = (pid: number): number | undefined => {
  try {
    return cpuMicrosOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * The CPU time (user and system) a process and its descendants (a cluster's workers) have used so
 * far, in microseconds; undefined where there is none (not Linux, process gone).
 */
export const cpuMicrosOfTree = (pid: number): number | undefined => {
  try {
    const own = cpuMicrosOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
    return children.reduce((total, child) => total + (cpuMicrosOfTree(child) ?? 0), own);
  } catch {
    return undefined;
  }
};

/**
 * The CPU time each PostgreSQL process on this host has used so far, in microseconds, by pid (the
 * database server of the PostgreSQL cases; other users of the same server count too).
 */
export const postgresCpuMicros = (): Map<number, number> => {
  const byPid = new Map<number, number>();
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        byPid.set(Number(entry), cpuMicrosOfStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8')));
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return byPid;
};

/** What PostgreSQL's processes used between two readings (a process that ended meanwhile is left out, one that started counts whole). */
export const postgresCpuBetween = (before: Map<number, number>, after: Map<number, number>): number | undefined => {
  if (after.size === 0) return undefined;
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
};
