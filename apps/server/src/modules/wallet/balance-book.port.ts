import type { WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';

/** One change of a running balance: a credit adds the amount, a debit takes it away. */
export type BalanceMove = { currency: WalletCurrency; type: 'CREDIT' | 'DEBIT'; amount: number };

/**
 * The running balance of one kind of wallet owner, kept by the module that owns the owner's row
 * (users: the user module; airlines: the airline module). The wallet records every transaction and
 * calls the book to move the balance, inside the caller's transaction; it never imports the
 * owners' modules (the airline module pays its costs through the wallet, so the wallet may not
 * depend on it). The books are handed over where the app is composed (src/module-ports.ts).
 */
export type BalanceBook = {
  /**
   * Moves the owner's balance inside `tx`. A debit applies only when the balance covers it,
   * checked in the same UPDATE, so concurrent spending cannot go below zero. True when the
   * balance moved; false for a refused debit or an owner that no longer exists.
   */
  apply: (tx: DbExecutor, ownerId: string, move: BalanceMove) => Promise<boolean>;
};

export type BalanceBooks = { user: BalanceBook; airline: BalanceBook };

let wired: BalanceBooks | undefined;

export const useBalanceBooks = (books: BalanceBooks): void => {
  wired = books;
};

export const balanceBooks = (): BalanceBooks => {
  if (!wired) throw new Error('The wallet has no balance books: call wireModulePorts() (src/module-ports.ts) at start-up');
  return wired;
};
