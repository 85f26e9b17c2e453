import type { DbExecutor } from '../../db/database';
import { cancelPlannedAirlineCosts, planTransaction } from '../wallet/wallet.service';

/**
 * The idempotency key of a recurring airline cost: names what it pays for, so the settlement can
 * suspend or renew that asset from the key alone (docs/decisions/0023-airline-economy.md).
 */
export type CostKind = 'hub' | 'hangar' | 'traffic-right';
export const costKey = (kind: CostKind, assetId: string, due: Date): string => `airline-cost:${kind}:${assetId}:${due.toISOString()}`;
export const parseCostKey = (key: string): { kind: CostKind; assetId: string } | undefined => {
  const match = /^airline-cost:(hub|hangar|traffic-right):([0-9a-f-]{36}):/.exec(key);
  return match ? { kind: match[1] as CostKind, assetId: match[2]! } : undefined;
};

type CategoryData = Parameters<typeof planTransaction>[1]['categoryData'];

/** Plans one period of an asset's recurring cost, due at `due` (once per asset and due date). */
export const planRecurring = async (
  db: DbExecutor,
  airlineId: string,
  kind: CostKind,
  assetId: string,
  due: Date,
  amount: number,
  categoryData: CategoryData,
  description: string,
) =>
  planTransaction(db, {
    owner: { airlineId },
    currency: 'MFC',
    transactionType: 'DEBIT',
    amount,
    categoryData,
    description,
    idempotencyKey: costKey(kind, assetId, due),
    dueDate: due,
  });

/** Cancels every planned period of an asset's cost (a hub closed), in the caller's transaction. */
export const cancelPlannedCosts = (tx: DbExecutor, airlineId: string, kind: CostKind, assetId: string) =>
  cancelPlannedAirlineCosts(tx, airlineId, { keyPrefix: `airline-cost:${kind}:${assetId}:` });

/** Cancels the planned period of an asset's cost due at `due` (a renewal no longer wanted). */
export const cancelPlannedCost = (tx: DbExecutor, airlineId: string, kind: CostKind, assetId: string, due: Date) =>
  cancelPlannedAirlineCosts(tx, airlineId, { key: costKey(kind, assetId, due) });
