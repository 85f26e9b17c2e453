import type { TFlightReview, TFlightReviewItem } from '@contrail/domain/flight-review/review-contract';
import type { DbExecutor } from '../../db/database';
import type { FlightLogRow } from '../flight-log/flight-log.service';
import { userNameOf } from '../user/user-directory.service';
import type { ReviewedLogRow } from './flight-review-logs';

const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Whether the pilot may still explain: their flight, pending, no reply yet. */
const canReply = (row: FlightLogRow, callerId: string): boolean => row.userId === callerId && row.reviewStatus === 'pending' && row.pilotReply === null;

/** The review part of a flight log, for its pilot: the reasons, their reply, the reviewer's decision. */
export const flightReviewOfLog = async (db: DbExecutor, row: FlightLogRow, callerId: string): Promise<TFlightReview> => {
  const reviewerName = row.reviewedBy ? await userNameOf(db, row.reviewedBy) : undefined;
  return {
    status: row.reviewStatus,
    practice: row.practice,
    reasons: row.reviewReasons,
    pilotReply: row.pilotReply,
    pilotRepliedAt: isoOrNull(row.pilotRepliedAt),
    reviewerComment: row.reviewerComment,
    reviewedAt: isoOrNull(row.reviewedAt),
    reviewer: row.reviewedBy && reviewerName !== undefined ? { id: row.reviewedBy, userName: reviewerName } : null,
    canReply: canReply(row, callerId),
  };
};

/**
 * A flight as the reviewer's queue lists it. What it pays: the held amounts while it waits (and
 * after a decision, what was held), else what the log paid.
 */
export const toReviewItem = ({ log, pilotUserName }: ReviewedLogRow): TFlightReviewItem => ({
  flightLogId: log.id,
  pilot: { id: log.userId, userName: pilotUserName },
  flightNumber: log.flightNumber,
  type: log.type,
  departureIdent: log.departureIdent,
  arrivalIdent: log.arrivalIdent,
  endDate: log.endDate.toISOString(),
  status: log.reviewStatus,
  reasons: log.reviewReasons,
  pilotReply: log.pilotReply,
  reviewerComment: log.reviewerComment,
  reviewedAt: isoOrNull(log.reviewedAt),
  heldFc: log.heldPayments?.fc ?? log.fc + log.missionFcBonus,
  heldXp: log.heldPayments?.xp ?? log.xp + log.missionXpBonus,
});
