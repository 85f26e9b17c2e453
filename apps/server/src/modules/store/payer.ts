import type { TTransactionCategoryData } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { creditAirline, creditUser, debitAirline, debitUser } from '../wallet/wallet.service';

/** Whose FC wallet pays an order (or receives a pack): the pilot's, or an airline's. */
export type Payer = { kind: 'user'; userId: string } | { kind: 'airline'; airlineId: string };

/**
 * Who pays an order: the caller in the pilot context; in the airline_manager context the airline,
 * once the caller is allowed to spend its money.
 */
export const resolvePayer = async (
  db: DbExecutor,
  caller: Caller,
  request: { context: 'pilot' | 'airline_manager'; airlineId?: string | undefined },
): Promise<Payer> => {
  if (request.context === 'pilot' || !request.airlineId) return { kind: 'user', userId: caller.id };
  await requireAccess(db, caller, 'airline.store.buy', { airlineId: request.airlineId });
  return { kind: 'airline', airlineId: request.airlineId };
};

type FcMovement = {
  amount: number;
  categoryData: TTransactionCategoryData;
  description: string;
  /** Unique per operation (the order and line), so a retried delivery pays once. */
  idempotencyKey: string;
  agentUserName?: string;
  now: Date;
};

/** The wallet-row fields a movement gives whichever wallet it moves. */
const rowOf = (movement: FcMovement) => ({
  amount: movement.amount,
  categoryData: movement.categoryData,
  description: movement.description,
  idempotencyKey: movement.idempotencyKey,
  agentUserName: movement.agentUserName ?? null,
  executionDate: movement.now,
});

/** Debits the payer in the caller's transaction: ERR_0021 for a pilot short of FC, ERR_0013 for an airline. */
export const debitPayerFc = async (db: DbExecutor, payer: Payer, movement: FcMovement): Promise<void> => {
  if (payer.kind === 'user') await debitUser(db, { userId: payer.userId, currency: 'MFC', ...rowOf(movement) });
  else await debitAirline(db, { airlineId: payer.airlineId, ...rowOf(movement) });
};

export const creditPayerFc = async (db: DbExecutor, payer: Payer, movement: FcMovement): Promise<void> => {
  if (payer.kind === 'user') await creditUser(db, { userId: payer.userId, currency: 'MFC', ...rowOf(movement) });
  else await creditAirline(db, { airlineId: payer.airlineId, ...rowOf(movement) });
};
