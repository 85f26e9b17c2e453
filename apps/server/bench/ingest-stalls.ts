import { monitorEventLoopDelay } from 'node:perf_hooks';
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
  /** Garbage-collection pauses in the window: count, total and longest, ms, by kind. */
  gc: PausesByKind;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Starts watching this process (the in-process server); the returned function stops and reports. */
export const watchStalls = (): (() => Stalls) => {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const stopPauses = watchCollectorPauses();
  return () => {
    delay.disable();
    const gc = stopPauses();
    for (const slot of Object.values(gc)) {
      slot.totalMs = round1(slot.totalMs);
      slot.maxMs = round1(slot.maxMs);
    }
    const ms = (nanos: number) => round1(nanos / 1e6);
    return { eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) }, gc };
  };
};

/**
 * The measured window's seconds (by send time) with the highest p99 acknowledgement, and the share
 * of the window's slowest 1 % that fell in them: near 1 when the tail is a few bursts.
 */
export const slowestSeconds = (acks: ClientAcks, top = 3): { seconds: { second: number; count: number; p99Ms: number }[]; tailShare: number } => {
  if (acks.sentAt.length === 0) return { seconds: [], tailShare: 0 };
  const first = acks.sentAt.reduce((min, sent) => Math.min(min, sent), Infinity);
  const latencies = acks.sentAt.map((sent, i) => acks.ackAt[i]! - sent);
  const bySecond = new Map<number, number[]>();
  latencies.forEach((latency, i) => {
    const second = Math.floor((acks.sentAt[i]! - first) / 1000);
    (bySecond.get(second) ?? bySecond.set(second, []).get(second)!).push(latency);
  });
  const p99Of = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(0.99 * (values.length - 1))]!;
  const seconds = [...bySecond.entries()]
    .map(([second, values]) => ({ second, count: values.length, p99Ms: round1(p99Of(values)) }))
    .sort((a, b) => b.p99Ms - a.p99Ms)
    .slice(0, top);
  const tailFrom = p99Of(latencies);
  const inTop = new Set(seconds.map((entry) => entry.second));
  let tail = 0;
  let tailInTop = 0;
  latencies.forEach((latency, i) => {
    if (latency < tailFrom) return;
    tail += 1;
    if (inTop.has(Math.floor((acks.sentAt[i]! - first) / 1000))) tailInTop += 1;
  });
  return { seconds, tailShare: Math.round((tailInTop / Math.max(1, tail)) * 100) / 100 };
};
