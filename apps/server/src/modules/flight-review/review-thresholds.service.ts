import { eq } from 'drizzle-orm';
import {
  DEFAULT_REVIEW_THRESHOLDS,
  REVIEW_THRESHOLD_BOUNDS,
  ZReviewThresholds,
  type ReviewThresholds,
} from '@contrail/domain/flight-review/flight-verdict';
import type { TReviewThresholdsUpdate, TReviewThresholdsView } from '@contrail/domain/flight-review/review-contract';
import type { DbExecutor } from '../../db/database';
import { airlineReviewThresholds } from './flight-review.schema';
import { requireAccess, type Caller } from '../access/access.service';

/** What an owner tuned, each value still within today's bounds (a tightened bound drops what fell outside it). */
const tunedThresholds = async (db: DbExecutor, airlineId: string): Promise<Partial<ReviewThresholds>> => {
  const [row] = await db.select({ thresholds: airlineReviewThresholds.thresholds }).from(airlineReviewThresholds).where(eq(airlineReviewThresholds.airlineId, airlineId));
  if (!row) return {};
  const shape = ZReviewThresholds.shape;
  return Object.fromEntries(
    Object.entries(row.thresholds).filter(([key, value]) => key in shape && shape[key as keyof ReviewThresholds].safeParse(value).success),
  );
};

/**
 * The thresholds a flight is judged by: its airline's where the owner tuned them, the site's
 * defaults for the rest and for every flight that is not an airline's (airlineId null).
 */
export const thresholdsForAirline = async (db: DbExecutor, airlineId: string | null): Promise<ReviewThresholds> =>
  airlineId ? { ...DEFAULT_REVIEW_THRESHOLDS, ...(await tunedThresholds(db, airlineId)) } : { ...DEFAULT_REVIEW_THRESHOLDS };

const viewOf = (thresholds: ReviewThresholds): TReviewThresholdsView => ({
  thresholds,
  defaults: DEFAULT_REVIEW_THRESHOLDS,
  bounds: REVIEW_THRESHOLD_BOUNDS,
});

/** GET: the airline's thresholds, the defaults and the bounds, for those who review its flights. */
export const getReviewThresholds = async (db: DbExecutor, caller: Caller, airlineId: string): Promise<TReviewThresholdsView> => {
  await requireAccess(db, caller, 'airline.flight.review', { airlineId });
  return viewOf(await thresholdsForAirline(db, airlineId));
};

/** PUT: the owner changes some thresholds (the body's schema holds each within its bounds); the others stay. */
export const updateReviewThresholds = async (
  db: DbExecutor,
  caller: Caller,
  airlineId: string,
  update: TReviewThresholdsUpdate,
  now: Date,
): Promise<TReviewThresholdsView> => {
  await requireAccess(db, caller, 'airline.review-rules.update', { airlineId });
  const changed = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as Partial<ReviewThresholds>;
  const thresholds = { ...(await tunedThresholds(db, airlineId)), ...changed };
  await db
    .insert(airlineReviewThresholds)
    .values({ airlineId, thresholds, updatedBy: caller.id, updatedAt: now })
    .onConflictDoUpdate({ target: airlineReviewThresholds.airlineId, set: { thresholds, updatedBy: caller.id, updatedAt: now } });
  return viewOf(await thresholdsForAirline(db, airlineId));
};
