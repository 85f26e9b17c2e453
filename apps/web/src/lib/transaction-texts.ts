import type { i18n as I18n } from 'i18next';
import type { TWalletTransaction } from '@contrail/domain/wallet/wallet-contract';

/**
 * What a wallet transaction was, in the reader's language: the category's own words filled with its
 * data (spec section 3 "Wallet transaction"), for a pilot's wallet and an airline's finances alike.
 * The server's description is English, written when the transaction was made; it shows only for a
 * category the web has no words for.
 */
export const transactionDescription = (i18n: I18n, transaction: Pick<TWalletTransaction, 'description' | 'transactionCategory'>): string => {
  const { category, ...fields } = transaction.transactionCategory;
  return category !== 'UNKNOWN' && Object.keys(fields).length > 0 ? i18n.t(`wallet:categoryData.${category}`, fields) : transaction.description;
};

/** The same with the category first, for a list that has no category column (an airline's finances). */
export const transactionLabel = (i18n: I18n, transaction: Pick<TWalletTransaction, 'description' | 'transactionCategory'>): string => {
  const { category } = transaction.transactionCategory;
  if (category === 'UNKNOWN') return transaction.description;
  const description = transactionDescription(i18n, transaction);
  const label = i18n.t(`wallet:categories.${category}`);
  return description && description !== transaction.description ? `${label} · ${description}` : label;
};
