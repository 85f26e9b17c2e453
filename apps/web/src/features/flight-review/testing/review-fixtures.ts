import type { TFlightReviewDetail, TFlightReviewItem } from '@contrail/domain/flight-review/review-contract';

/** The reason the airline's landing limit gives: -420 fpm against a -300 fpm limit. */
export const hardLandingReason: TFlightReviewItem['reasons'][number] = {
  code: 'HARD_LANDING',
  consequence: 'review',
  measured: -420,
  threshold: -300,
  unit: 'fpm',
  message: 'The touchdown at -420 fpm was harder than the limit of -300 fpm.',
};

/** A flight of the queue (an airline flight EGLL-LFPG held for a hard landing), with overrides. */
export const buildReviewItem = (overrides: Partial<TFlightReviewItem> = {}): TFlightReviewItem => ({
  flightLogId: '00000000-0000-4000-8000-00000000a001',
  pilot: { id: 'pilot-1', userName: 'ace' },
  flightNumber: 'CTR42',
  type: 'AIRLINE',
  departureIdent: 'EGLL',
  arrivalIdent: 'LFPG',
  endDate: '2026-03-01T11:05:00.000Z',
  status: 'pending',
  reasons: [hardLandingReason],
  pilotReply: null,
  reviewerComment: null,
  reviewedAt: null,
  heldFc: 1_250,
  heldXp: 310,
  ...overrides,
});

/** The same flight with what the reviewer looks at: its track, its landing, its statistics. */
export const buildReviewDetail = (overrides: Partial<TFlightReviewDetail> = {}): TFlightReviewDetail => ({
  ...buildReviewItem(),
  positionHistory: [
    { createdAt: '2026-03-01T10:10:00.000Z', latitude: 51.47, longitude: -0.46, altitude: 100, speed: 150 },
    { createdAt: '2026-03-01T10:25:00.000Z', latitude: 50.6, longitude: 0.9, altitude: 19_000, speed: 420 },
    { createdAt: '2026-03-01T10:55:00.000Z', latitude: 49.01, longitude: 2.55, altitude: 400, speed: 130 },
  ],
  landing: {
    touchdownTimeMs: Date.parse('2026-03-01T10:55:00.000Z'),
    latitudeDeg: 49.0035,
    longitudeDeg: 2.5201,
    verticalSpeedFpm: -420,
    gForce: 1.62,
    rating: 'hard',
    isObserved: true,
    isRateKnown: true,
    bounces: 1,
    airportIdent: 'LFPG',
    runway: null,
    indicatedAirspeedKts: 138,
    pitchDeg: 3.1,
    bankDeg: 0.4,
  },
  // The review screens do not show the statistics.
  statistics: {} as TFlightReviewDetail['statistics'],
  events: [],
  ...overrides,
});
