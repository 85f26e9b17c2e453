import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { watchCollectorPauses, type PausesByKind } from './collector-pauses';
import type { ClientAcks } from './ingest-breakdown';

/**
 * Where an ingest tail comes from when it is not one part of the breakdown: the server's event loop
 * stalling (how long a turn was late), its garbage collector (pauses by kind), and whether the slow
 * acknowledgements are spread over the window or bunched in a few seconds (a burst of work that
 * every flight does at the same moment).
 */
export type Stalls = {
  /** How late the server's event loop ran its timers, ms (perf_hooks' delay histogram). */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /**
   * The share of the window the event loop was busy (perf_hooks' event-loop utilisation), over the
   * whole window and second by second: near 1, the one thread that reads the sockets and runs
   * the engine (and PGlite) has no time to spare, and any hiccup becomes a backlog.
   */
  eventLoopUtilization: { window: number; bySecond: number[] };
  /** Garbage-collection pauses in the window: count, total and longest, ms, by kind. */
  gc: PausesByKind;
  /**
   * Shares of acknowledgements whose time in flight overlapped one of the server's collector
   * pauses: of the slowest 1 %, and of all (what the tail would show if pauses hit at random).
   */
  inCollectorPause?: { slowest: number; all: number };
  /**
   * Bytes per acknowledgement over the window: allocated in the young generation, copied within it
   * by scavenges (what a scavenge's pause is mostly made of), and promoted to the old generation
   * (objects that lived through two scavenges, later freed by the slower mark-sweep). Exact figures
   * from V8's heap statistics around each collection, not samples, so they compare across runs
   * on a busy machine where pause lengths do not. Beside them, what entered the old generation by
   * any way (promoted, or allocated there directly: objects too large for the young generation,
   * which V8 puts in the old generation's large-object space): what brings the next full
   * collection nearer.
   */
  heapBytesPerAck?: HeapVolume;
  /**
   * The server's memory, MB, read every second of the window: the JavaScript heap in use at its
   * highest and lowest (a full collection brings it down to what is alive), and the resident set at
   * its highest. What a heap allowed to grow further between full collections costs. Beside it,
   * the memory of buffers outside the heap (sampled every 100 ms) at its highest and lowest, and
   * its lowest in each second: V8 starts a full collection when that has grown by its allowance
   * (about 64 MB) since the last one, so a lowest that climbs second after second is buffers
   * outliving the scavenges (decision 0067).
   */
  memoryMB: { heapUsedMax: number; heapUsedMin: number; rssMax: number; arrayBuffersMax: number; arrayBuffersMin: number; arrayBuffersLowestBySecond: number[] };
};

/** One heap space's use, as V8's GC profiler reports it around each collection. */
export type SpaceUse = { spaceName: string; spaceUsedSize: number };
/** What `v8.GCProfiler.stop()` returns, as far as the benchmarks read it. */
export type GcStatistics = { statistics: { gcType: string; beforeGC: { heapSpaceStatistics: SpaceUse[] }; afterGC: { heapSpaceStatistics: SpaceUse[] } }[] };

/** Bytes used in the named heap spaces. */
export const usedIn = (spaces: readonly SpaceUse[], ...names: string[]) =>
  spaces.reduce((sum, space) => (names.includes(space.spaceName) ? sum + space.spaceUsedSize : sum), 0);
const youngUsed = (spaces: readonly SpaceUse[]) => usedIn(spaces, 'new_space', 'new_large_object_space');
const oldUsed = (spaces: readonly SpaceUse[]) => usedIn(spaces, 'old_space');
/** The old generation with its large objects (each in its own pages, never moved). */
const oldWithLargeUsed = (spaces: readonly SpaceUse[]) => usedIn(spaces, 'old_space', 'large_object_space');

const spacesNow = (): SpaceUse[] => v8.getHeapSpaceStatistics().map((space) => ({ spaceName: space.space_name, spaceUsedSize: space.space_used_size }));

type HeapVolume = {
  allocated: number;
  survivedScavenge: number;
  promoted: number;
  /** Bytes that entered the old generation, promoted or allocated there directly (large objects). */
  enteredOld: number;
};

/**
 * Young-generation bytes allocated, copied by scavenges and promoted between start and stop, and
 * every byte that entered the old generation: its growth between collections (direct allocations)
 * and during scavenges (promotion); a full collection's shrinking is what it freed, not counted.
 */
const watchHeapVolume = (): (() => HeapVolume) => {
  const profiler = new v8.GCProfiler();
  const atStart = spacesNow();
  profiler.start();
  return () => {
    const atEnd = spacesNow();
    const { statistics } = profiler.stop() as unknown as GcStatistics;
    let allocated = 0;
    let survivedScavenge = 0;
    let promoted = 0;
    let enteredOld = 0;
    let afterLast = atStart;
    for (const gc of statistics) {
      const before = gc.beforeGC.heapSpaceStatistics;
      const after = gc.afterGC.heapSpaceStatistics;
      allocated += Math.max(0, youngUsed(before) - youngUsed(afterLast));
      enteredOld += Math.max(0, oldWithLargeUsed(before) - oldWithLargeUsed(afterLast));
      if (gc.gcType === 'Scavenge') {
        survivedScavenge += youngUsed(after);
        promoted += Math.max(0, oldUsed(after) - oldUsed(before));
        enteredOld += Math.max(0, oldWithLargeUsed(after) - oldWithLargeUsed(before));
      }
      afterLast = after;
    }
    allocated += Math.max(0, youngUsed(atEnd) - youngUsed(afterLast));
    enteredOld += Math.max(0, oldWithLargeUsed(atEnd) - oldWithLargeUsed(afterLast));
    return { allocated, survivedScavenge, promoted, enteredOld };
  };
};

/** A collector pause of the server, epoch ms. */
type Pause = { from: number; to: number };

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Starts watching this process (the in-process server). The returned function stops watching;
 * what it returns reports, given the window's acknowledgements (how much of the tail sat through
 * a pause), once the load generator has sent them.
 */
export const watchStalls = (): (() => (acks?: ClientAcks) => Stalls) => {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const utilizationAtStart = performance.eventLoopUtilization();
  const bySecond: number[] = [];
  let lastSecond = utilizationAtStart;
  const memory = { heapUsedMax: 0, heapUsedMin: Infinity, rssMax: 0, arrayBuffersMax: 0, arrayBuffersMin: Infinity };
  // Buffers' lowest each second, about what the last scavenge left: it climbs when buffers outlive scavenges.
  const arrayBuffersLowestBySecond: number[] = [];
  let lowestThisSecond = Infinity;
  const everyTenthOfASecond = setInterval(() => {
    const { arrayBuffers } = process.memoryUsage();
    lowestThisSecond = Math.min(lowestThisSecond, arrayBuffers);
    memory.arrayBuffersMax = Math.max(memory.arrayBuffersMax, arrayBuffers);
    memory.arrayBuffersMin = Math.min(memory.arrayBuffersMin, arrayBuffers);
  }, 100);
  const everySecond = setInterval(() => {
    const now = performance.eventLoopUtilization();
    bySecond.push(round2(performance.eventLoopUtilization(now, lastSecond).utilization));
    lastSecond = now;
    const { heapUsed, rss } = process.memoryUsage();
    memory.heapUsedMax = Math.max(memory.heapUsedMax, heapUsed);
    memory.heapUsedMin = Math.min(memory.heapUsedMin, heapUsed);
    memory.rssMax = Math.max(memory.rssMax, rss);
    arrayBuffersLowestBySecond.push(lowestThisSecond);
    lowestThisSecond = Infinity;
  }, 1000);
  const pauses: Pause[] = [];
  const stopPauses = watchCollectorPauses((from, ms) => pauses.push({ from, to: from + ms }));
  const stopHeapVolume = watchHeapVolume();
  return () => {
    delay.disable();
    clearInterval(everySecond);
    clearInterval(everyTenthOfASecond);
    const eventLoopUtilization = { window: round2(performance.eventLoopUtilization(utilizationAtStart).utilization), bySecond };
    const gc = stopPauses();
    const heap = stopHeapVolume();
    for (const slot of Object.values(gc)) {
      slot.totalMs = round1(slot.totalMs);
      slot.maxMs = round1(slot.maxMs);
    }
    const ms = (nanos: number) => round1(nanos / 1e6);
    const eventLoopDelayMs = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    const memoryMB = {
      heapUsedMax: mb(memory.heapUsedMax),
      heapUsedMin: mb(memory.heapUsedMin),
      rssMax: mb(memory.rssMax),
      arrayBuffersMax: mb(memory.arrayBuffersMax),
      arrayBuffersMin: mb(memory.arrayBuffersMin),
      arrayBuffersLowestBySecond: arrayBuffersLowestBySecond.map(mb),
    };
    return (acks) => ({
      eventLoopDelayMs,
      eventLoopUtilization,
      gc,
      memoryMB,
      ...(acks && acks.sentAt.length > 0
        ? {
            inCollectorPause: sharesInPauses(acks, pauses),
            heapBytesPerAck: {
              allocated: Math.round(heap.allocated / acks.sentAt.length),
              survivedScavenge: Math.round(heap.survivedScavenge / acks.sentAt.length),
              promoted: Math.round(heap.promoted / acks.sentAt.length),
              enteredOld: Math.round(heap.enteredOld / acks.sentAt.length),
            },
          }
        : {}),
    });
  };
};

const sharesInPauses = (acks: ClientAcks, pauses: Pause[]): { slowest: number; all: number } => {
  pauses.sort((a, b) => a.from - b.from);
  // Whether [sent, acked] overlaps a pause: the last pause that started before the ack arrived.
  const overlaps = (sent: number, acked: number) => {
    let low = 0;
    let high = pauses.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pauses[middle]!.from <= acked) low = middle + 1;
      else high = middle;
    }
    return low > 0 && pauses[low - 1]!.to >= sent;
  };
  const latencies = acks.sentAt.map((sent, i) => acks.ackAt[i]! - sent);
  const tailFrom = latencies.slice().sort()[Math.floor(0.99 * (latencies.length - 1))]!;
  let all = 0;
  let slowest = 0;
  let inSlowest = 0;
  latencies.forEach((latency, i) => {
    const hit = overlaps(acks.sentAt[i]!, acks.ackAt[i]!);
    if (hit) all += 1;
    if (latency < tailFrom) return;
    slowest += 1;
    if (hit) inSlowest += 1;
  });
  const share = (part: number, whole: number) => Math.round((part / Math.max(1, whole)) * 100) / 100;
  return { slowest: share(inSlowest, slowest), all: share(all, latencies.length) };
};

/**
 * The measured window's seconds (by send time) with the highest p99 acknowledgement, the share
 * of the window's slowest 1 % that fell in them (near 1 when the tail is a few bursts), and every
 * second's p99 in order (a backlog from before the window shows as a slope at its start).
 */
export const slowestSeconds = (
  acks: ClientAcks,
  top = 3,
): { seconds: { second: number; count: number; p99Ms: number }[]; tailShare: number; p99MsBySecond: number[] } => {
  if (acks.sentAt.length === 0) return { seconds: [], tailShare: 0, p99MsBySecond: [] };
  const first = acks.sentAt.reduce((min, sent) => Math.min(min, sent), Infinity);
  const latencies = acks.sentAt.map((sent, i) => acks.ackAt[i]! - sent);
  const bySecond = new Map<number, number[]>();
  latencies.forEach((latency, i) => {
    const second = Math.floor((acks.sentAt[i]! - first) / 1000);
    (bySecond.get(second) ?? bySecond.set(second, []).get(second)!).push(latency);
  });
  const p99Of = (values: ArrayLike<number>) => Float64Array.from(values).sort()[Math.floor(0.99 * (values.length - 1))]!;
  const everySecond = [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, values]) => ({ second, count: values.length, p99Ms: round1(p99Of(values)) }));
  const seconds = [...everySecond].sort((a, b) => b.p99Ms - a.p99Ms).slice(0, top);
  const tailFrom = p99Of(latencies);
  const inTop = new Set(seconds.map((entry) => entry.second));
  let tail = 0;
  let tailInTop = 0;
  latencies.forEach((latency, i) => {
    if (latency < tailFrom) return;
    tail += 1;
    if (inTop.has(Math.floor((acks.sentAt[i]! - first) / 1000))) tailInTop += 1;
  });
  return { seconds, tailShare: Math.round((tailInTop / Math.max(1, tail)) * 100) / 100, p99MsBySecond: everySecond.map((entry) => entry.p99Ms) };
};
