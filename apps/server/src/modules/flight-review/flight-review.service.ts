import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { NewNotification } from '@contrail/domain/notification/notification-types';
import type {
  TFlightReview,
  TFlightReviewDecisionRequest,
  TFlightReviewDetail,
  TFlightReviewItem,
  TFlightReviewPage,
} from '@contrail/domain/flight-review/review-contract';
import type { AppDeps } from '../../app-deps';
import type { DbExecutor } from '../../db/database';
import { toPage } from '../../db/paging';
import { notFound } from '../../plugins/error-handler';
import { requireAccess, requireAccessOrHide, type Caller } from '../access/access.service';
import { flightContextOf } from '../flight/flight-context';
import { dropHeldPayments, releaseHeldPayments } from '../flight/flight-review-settlement';
import { flownRecordOf, lockFlightLog, recordReviewDecision, recordReviewReply } from '../flight-log/flight-log.service';
import { recordNotifications } from '../notification/notification.service';
import { airlineEvents } from '../webhook/airline-events';
import { flightReviewOfLog, toReviewItem } from './flight-review-view';
import { findLogInScope, findReviewedLog, pageReviewQueue, type ReviewedLogRow, type ReviewScope } from './flight-review-logs';
import { reviewerIdsOf } from './flight-review-reviewers';

export type FlightReviewContext = { deps: Pick<AppDeps, 'db' | 'clock'> };

/**
 * Who may review a scope's flights: the airline's owner and administrators (`airline.flight.review`)
 * for its flights, the site admins (`flight.review`) for every flight that is not an airline's.
 */
const requireReviewer = (db: DbExecutor, caller: Caller, scope: ReviewScope) =>
  scope.kind === 'airline' ? requireAccess(db, caller, 'airline.flight.review', { airlineId: scope.airlineId }) : requireAccess(db, caller, 'flight.review');

const ownFlight = () => new AppError(ErrorCode.forbidden, 'You cannot review your own flight: another reviewer decides it');
const flightLogNotFound = () => notFound('Flight log');

/** A flight of the scope the caller may review: not theirs, and held by the scope (else NOT_FOUND). */
const reviewableLog = async (db: DbExecutor, caller: Caller, scope: ReviewScope, flightLogId: string): Promise<ReviewedLogRow> => {
  await requireReviewer(db, caller, scope);
  const row = await findLogInScope(db, scope, flightLogId);
  if (!row) throw flightLogNotFound();
  if (row.log.userId === caller.id) throw ownFlight();
  return row;
};

/** GET the queue: the scope's flights waiting for a decision, or the decided ones; never the caller's own. */
export const listReviewQueue = async (
  ctx: FlightReviewContext,
  caller: Caller,
  scope: ReviewScope,
  query: { status: 'pending' | 'decided'; page: number; size: number },
): Promise<TFlightReviewPage> => {
  await requireReviewer(ctx.deps.db, caller, scope);
  return toPage(await pageReviewQueue(ctx.deps.db, scope, caller.id, query), toReviewItem);
};

/** GET one flight under review with its track, profile, landing and events. */
export const getReviewDetail = async (ctx: FlightReviewContext, caller: Caller, scope: ReviewScope, flightLogId: string): Promise<TFlightReviewDetail> => {
  const row = await reviewableLog(ctx.deps.db, caller, scope, flightLogId);
  return { ...toReviewItem(row), ...flownRecordOf(row.log) };
};

const noticeOf = (log: ReviewedLogRow['log']) => ({ flightLogId: log.id, flightNumber: log.flightNumber, departureIdent: log.departureIdent, arrivalIdent: log.arrivalIdent });

/**
 * POST the decision on a pending flight: accepting pays what completion held, rejecting pays
 * nothing; either way the decision is recorded (the ledger then seals the log) and the pilot is
 * told. One transaction, the log's row locked: a second decision finds it decided (CONFLICT).
 */
export const decideFlightReview = async (
  ctx: FlightReviewContext,
  caller: Caller,
  scope: ReviewScope,
  flightLogId: string,
  request: TFlightReviewDecisionRequest,
): Promise<TFlightReviewItem> => {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  await reviewableLog(db, caller, scope, flightLogId);
  await db.transaction(async (tx) => {
    await lockFlightLog(tx, flightLogId);
    const current = await findReviewedLog(tx, flightLogId);
    if (!current) throw flightLogNotFound();
    if (current.log.reviewStatus !== 'pending') throw new AppError(ErrorCode.conflict, 'This flight was already decided');
    const comment = request.comment.trim();
    if (request.decision === 'accept') await releaseHeldPayments(tx, flightLogId, now, flightContextOf(ctx.deps).airlineFlights);
    else await dropHeldPayments(tx, flightLogId, now);
    await recordReviewDecision(tx, flightLogId, {
      reviewStatus: request.decision === 'accept' ? 'accepted' : 'rejected',
      reviewerComment: comment,
      reviewedBy: caller.id,
      reviewedAt: now,
    });
    const notice = { ...noticeOf(current.log), comment };
    await recordNotifications(tx, [
      request.decision === 'accept'
        ? { userId: current.log.userId, type: 'FLIGHT_REVIEW_ACCEPTED', data: notice }
        : { userId: current.log.userId, type: 'FLIGHT_REVIEW_REJECTED', data: notice },
    ]);
  });
  const decided = await findReviewedLog(db, flightLogId);
  if (!decided) throw flightLogNotFound();
  return toReviewItem(decided);
};

/** The queue a log waits in: its airline's, or the site's. */
const scopeOfLog = (row: ReviewedLogRow): ReviewScope =>
  row.log.type === 'AIRLINE' && row.airlineId ? { kind: 'airline', airlineId: row.airlineId } : { kind: 'site' };

/** What the reviewers' notifications say: the flight, its pilot, the airline whose queue holds it. */
const reviewerNoticeOf = (row: ReviewedLogRow, scope: ReviewScope) => ({
  ...noticeOf(row.log),
  pilotUserName: row.pilotUserName,
  ...(scope.kind === 'airline' ? { airlineId: scope.airlineId } : {}),
});

/** The reviewers of a log's scope, its pilot excepted. */
const reviewersOf = async (db: DbExecutor, row: ReviewedLogRow, scope: ReviewScope): Promise<string[]> =>
  (await reviewerIdsOf(db, scope)).filter((id) => id !== row.log.userId);

/**
 * POST the pilot's reply: their own flight (else NOT_FOUND), once, while it is pending (else
 * CONFLICT). The reviewers are told, in the reply's transaction.
 */
export const replyToFlightReview = async (ctx: FlightReviewContext, caller: Caller, flightLogId: string, message: string): Promise<TFlightReview> => {
  const { db, clock } = ctx.deps;
  const row = await findReviewedLog(db, flightLogId);
  if (!row) throw flightLogNotFound();
  await requireAccessOrHide(db, caller, 'flight-review.reply', { userId: row.log.userId }, flightLogNotFound);
  if (row.log.reviewStatus !== 'pending') throw new AppError(ErrorCode.conflict, 'Only a flight waiting for review can be answered');
  await db.transaction(async (tx) => {
    if (!(await recordReviewReply(tx, flightLogId, caller.id, message.trim(), clock.now()))) {
      throw new AppError(ErrorCode.conflict, 'You have already answered the review of this flight');
    }
    const scope = scopeOfLog(row);
    const data = reviewerNoticeOf(row, scope);
    await recordNotifications(
      tx,
      (await reviewersOf(tx, row, scope)).map((userId): NewNotification => ({ userId, type: 'FLIGHT_REVIEW_REPLIED', data })),
    );
  });
  const replied = await findReviewedLog(db, flightLogId);
  if (!replied) throw flightLogNotFound();
  return flightReviewOfLog(db, replied.log, caller.id);
};

/**
 * Tells both sides a flight waits for review: the pilot (their payments are held, the log says
 * why) and its reviewers (the airline's owner and administrators, or the site admins), the pilot
 * excepted. Completion calls it in its transaction when a flight goes pending.
 */
export const notifyReviewNeeded = async (db: DbExecutor, flightLogId: string): Promise<void> => {
  const row = await findReviewedLog(db, flightLogId);
  if (!row || row.log.reviewStatus !== 'pending') return;
  const scope = scopeOfLog(row);
  const requested = reviewerNoticeOf(row, scope);
  const notifications: NewNotification[] = [
    { userId: row.log.userId, type: 'FLIGHT_REVIEW_NEEDED', data: noticeOf(row.log) },
    ...(await reviewersOf(db, row, scope)).map((userId): NewNotification => ({ userId, type: 'FLIGHT_REVIEW_REQUESTED', data: requested })),
  ];
  await recordNotifications(db, notifications);
  await airlineEvents.reviewNeeded(db, scope.kind === 'airline' ? scope.airlineId : null, row.log, row.log.createdAt);
};
