import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** Garbage-collection pauses of this process over a stretch: count, total and longest, ms, by kind. */
export type PausesByKind = Record<string, { count: number; totalMs: number; maxMs: number }>;

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'markSweep',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakCallbacks',
};

/**
 * Starts recording this process's collector pauses; the returned function stops and reports them.
 * A pause holds back every request in flight, which is what a latency tail is made of.
 * `onPause` receives each pause as it is reported (start in epoch ms, duration in ms).
 */
export const watchCollectorPauses = (onPause?: (startEpochMs: number, durationMs: number) => void): (() => PausesByKind) => {
  const pauses: PausesByKind = {};
  const record = (entries: PerformanceEntry[]) => {
    for (const entry of entries as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      const kind = GC_KINDS[entry.detail?.kind ?? -1] ?? 'other';
      const slot = (pauses[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      slot.count += 1;
      slot.totalMs += entry.duration;
      slot.maxMs = Math.max(slot.maxMs, entry.duration);
      onPause?.(performance.timeOrigin + entry.startTime, entry.duration);
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    // Entries not yet delivered to the callback count too.
    record(observer.takeRecords());
    observer.disconnect();
    return pauses;
  };
};
