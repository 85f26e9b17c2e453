import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TWalletTransaction, TWalletTransactionPage, TransactionCategory, WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import type { DbExecutor } from '../../db/database';
import type { walletTransactions } from '../../db/schema/index';
import { applyUserTransaction, findUserTransactionsPage, type NewUserTransaction } from './wallet.repository';

/** Credits a user (FC, XP or miles) inside the caller's database transaction. */
export const creditUser = async (db: DbExecutor, tx: Omit<NewUserTransaction, 'transactionType'>): Promise<void> => {
  if (!Number.isInteger(tx.amount) || tx.amount <= 0) return; // nothing to pay: no zero rows
  await applyUserTransaction(db, { ...tx, transactionType: 'CREDIT' });
};

/** Debits a user inside the caller's database transaction; ERR_0021 when the balance is short. */
export const debitUser = async (db: DbExecutor, tx: Omit<NewUserTransaction, 'transactionType'>): Promise<void> => {
  if (!Number.isInteger(tx.amount) || tx.amount <= 0) return;
  const applied = await applyUserTransaction(db, { ...tx, transactionType: 'DEBIT' });
  if (!applied) throw new AppError(ErrorCode.notEnoughFc, 422, 'Not enough FlightCoins');
};

const toWalletTransaction = (row: typeof walletTransactions.$inferSelect): TWalletTransaction => ({
  id: row.id,
  description: row.description,
  executionDate: row.executionDate.toISOString(),
  amount: row.amount,
  currency: row.currency,
  agent: row.agentUserName ? { userName: row.agentUserName } : null,
  transactionType: row.transactionType,
  transactionState: row.transactionState,
  transactionCategory: row.categoryData,
});

export const listUserTransactions = async (
  db: DbExecutor,
  userId: string,
  currency: WalletCurrency,
  query: { page: number; page_size: number; categories?: TransactionCategory[] | undefined },
): Promise<TWalletTransactionPage> => {
  const { rows, totalItems } = await findUserTransactionsPage(
    db,
    { userId, currency, categories: query.categories },
    { page: query.page, size: query.page_size },
  );
  return {
    items: rows.map(toWalletTransaction),
    totalItems,
    totalPages: Math.ceil(totalItems / query.page_size),
  };
};
