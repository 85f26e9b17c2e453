/**
 * Stamps frames so that no two ever share a time. The flight engine ignores a frame whose time is
 * not after the last one's (a duplicate), and treats `timeMs` as the wall clock (it scales
 * simulated time by `simulationRate` itself). Stamping with the receive time alone collides: with
 * the simulator faster than real time, two samples often arrive in the same millisecond, and the
 * second was dropped as stale (77 to 147 frames a flight).
 *
 * So: where the simulator gives its own clock (FlightGear /sim/time/elapsed-sec, X-Plane
 * total_flight_time_sec), a frame is stamped at the previous stamp plus the simulated time between
 * the two samples divided by the rate: the samples keep their real spacing even when they arrive
 * together. The stamp never drifts more than `maxDriftMs` from the receive time (a pause stops the
 * simulator's clock, a reload resets it: back to the receive time). Without a simulator clock the
 * receive time is used. Either way a stamp is at least 1 ms after the previous one.
 */
export const MAX_CLOCK_DRIFT_MS = 2_000;

export class FrameClock {
  private last: { timeMs: number; simMs: number | undefined } | undefined;

  constructor(
    private readonly nowMs: () => number,
    private readonly maxDriftMs: number = MAX_CLOCK_DRIFT_MS,
  ) {}

  /** The time of the sample taken now at simulator time `simTimeSec` (if any) and rate `rate`. */
  stamp(simTimeSec: number | undefined, rate: number): number {
    const receivedMs = Math.floor(this.nowMs());
    const simMs = simTimeSec !== undefined && Number.isFinite(simTimeSec) && simTimeSec > 0 ? simTimeSec * 1000 : undefined;
    let candidateMs = receivedMs;
    const last = this.last;
    if (simMs !== undefined && last?.simMs !== undefined && simMs > last.simMs) {
      const fromSimClockMs = last.timeMs + (simMs - last.simMs) / Math.max(rate, 0.01);
      if (Math.abs(fromSimClockMs - receivedMs) <= this.maxDriftMs) candidateMs = fromSimClockMs;
    }
    const timeMs = Math.max(Math.round(candidateMs), last === undefined ? 0 : last.timeMs + 1);
    this.last = { timeMs, simMs };
    return timeMs;
  }
}

/**
 * Watches the simulation rate for the log: a rate other than 1 held for `steadyMs` (wall clock) is
 * reported once, and the return to real time too. The frames carry the rate as the simulator says
 * it at every sample; the flight engine turns its changes into SIMULATION_RATE_CHANGED events.
 */
export class SimulationRateWatch {
  private candidate: { rate: number; sinceMs: number } | undefined;
  private reportedRate = 1;

  constructor(
    private readonly report: (rate: number, previousRate: number) => void,
    private readonly steadyMs = 5_000,
  ) {}

  next(rate: number, nowMs: number): void {
    const rounded = Math.round(rate * 100) / 100;
    if (this.candidate?.rate !== rounded) this.candidate = { rate: rounded, sinceMs: nowMs };
    if (rounded !== this.reportedRate && nowMs - this.candidate.sinceMs >= this.steadyMs) {
      const previous = this.reportedRate;
      this.reportedRate = rounded;
      this.report(rounded, previous);
    }
  }
}
