import type { i18n as I18n } from 'i18next';
import type { TWalletTransaction } from '@contrail/domain/wallet/wallet-contract';
import { storeItemText } from './catalogue-texts';

/**
 * What a wallet transaction was, in the reader's language: the category's own words filled with its
 * data, for a pilot's wallet and an airline's finances alike.
 * The server's description is English, written when the transaction was made; it shows only for a
 * category the web has no words for.
 */
export const transactionDescription = (i18n: I18n, transaction: Pick<TWalletTransaction, 'description' | 'transactionCategory'>): string => {
  const data = transaction.transactionCategory;
  const { category, ...fields } = data.category === 'ITEM_PURCHASE' ? { ...data, itemNames: orderLinesText(i18n, data.itemNames) } : data;
  return category !== 'UNKNOWN' && Object.keys(fields).length > 0 ? i18n.t(`wallet:categoryData.${category}`, fields) : transaction.description;
};

/**
 * An order's lines as the server writes them ("Small hangar x2, Night owl badge") with each
 * catalogue item named in the reader's language; a name the catalogue does not know stays.
 */
const orderLinesText = (i18n: I18n, itemNames: string): string =>
  itemNames
    .split(', ')
    .map((line) => {
      const [, name = line, quantity] = /^(.*?)(?: x(\d+))?$/.exec(line) ?? [];
      const shownName = storeItemText(i18n, { name }).name;
      return quantity ? `${shownName} x${quantity}` : shownName;
    })
    .join(', ');

/** The same with the category first, for a list that has no category column (an airline's finances). */
export const transactionLabel = (i18n: I18n, transaction: Pick<TWalletTransaction, 'description' | 'transactionCategory'>): string => {
  const { category } = transaction.transactionCategory;
  if (category === 'UNKNOWN') return transaction.description;
  const description = transactionDescription(i18n, transaction);
  const label = i18n.t(`wallet:categories.${category}`);
  return description && description !== transaction.description ? `${label} · ${description}` : label;
};
