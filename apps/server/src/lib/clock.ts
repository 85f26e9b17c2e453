/** Time source, injectable so tests can move time (token expiry, settlement, rest periods). */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export const createManualClock = (start = new Date('2026-01-15T12:00:00Z')) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMs: (ms: number) => {
      current += ms;
    },
    set: (date: Date) => {
      current = date.getTime();
    },
  };
};

/** The system clock moved forward by an offset that only grows (CLOCK_CONTROL=on, never in production). */
export type AdvancableClock = Clock & { advanceMs: (ms: number) => void };

export const createAdvancableClock = (base: Clock = systemClock): AdvancableClock => {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advanceMs: (ms: number) => {
      offsetMs += ms;
    },
  };
};
