import { useTranslation } from 'react-i18next';
import type { TWalletTransaction, WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { transactionDescription } from '../../../lib/transaction-texts';
import { useWalletTransactions } from '../api/get-wallet-transactions';

export const WALLET_PAGE_SIZE = 10;

const pad = (value: number) => String(value).padStart(2, '0');
/** yyyy-MM-dd HH:mmZ (UTC). */
const formatUtc = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}Z`;
};

const stateClasses: Record<TWalletTransaction['transactionState'], string> = {
  SUCCESS: 'border-emerald-400 text-emerald-100',
  PLANNED: 'border-sky-400 text-sky-100',
  FAILED: 'border-red-400 text-red-100',
};

const unitKey: Record<WalletCurrency, string> = { MFC: 'units.MFC', XP: 'units.XP', MILES: 'units.MILES' };

type WalletTransactionsProps = {
  userId: string;
  currency: WalletCurrency;
  page: number;
  onPageChange: (page: number) => void;
};

/** One currency's transactions, newest first, with their category data and state, paged. */
export const WalletTransactions = ({ userId, currency, page, onPageChange }: WalletTransactionsProps) => {
  const { t, i18n } = useTranslation('wallet');
  const number = new Intl.NumberFormat(i18n.language);
  const transactions = useWalletTransactions(userId, currency, page, WALLET_PAGE_SIZE);
  if (transactions.isPending) return <p role="status">{t('common:loading')}</p>;
  if (transactions.isError) {
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        <span>{t('loadError')}</span>
        <Button variant="secondary" onClick={() => void transactions.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  const { items, totalPages, totalItems } = transactions.data;
  if (items.length === 0) return <p className="text-sm text-slate-200">{t('empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('caption', { count: totalItems, currency: t(`currencies.${currency}`) })}</caption>
          <thead className="text-slate-300">
            <tr>
              <th scope="col" className="pb-2 pr-3 font-medium">{t('columns.date')}</th>
              <th scope="col" className="pb-2 pr-3 font-medium">{t('columns.description')}</th>
              <th scope="col" className="pb-2 pr-3 font-medium">{t('columns.category')}</th>
              <th scope="col" className="pb-2 pr-3 text-right font-medium">{t('columns.amount')}</th>
              <th scope="col" className="pb-2 font-medium">{t('columns.state')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const sign = item.transactionType === 'CREDIT' ? '+' : '−';
              return (
                <tr key={item.id} className="border-t border-slate-700 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatUtc(item.executionDate)}</td>
                  <td className="py-2 pr-3">{transactionDescription(i18n, item)}</td>
                  <td className="py-2 pr-3">
                    <span>{t(`categories.${item.transactionCategory.category}`)}</span>
                  </td>
                  <td
                    className={cn('py-2 pr-3 text-right font-semibold whitespace-nowrap', item.transactionType === 'CREDIT' ? 'text-emerald-200' : 'text-red-200')}
                  >
                    <span className="sr-only">{t(`types.${item.transactionType}`)} </span>
                    {sign}
                    {t(unitKey[currency], { value: number.format(item.amount) })}
                  </td>
                  <td className="py-2">
                    <span className={cn('rounded border px-2 py-0.5 text-xs', stateClasses[item.transactionState])}>{t(`states.${item.transactionState}`)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('pagination')} className="flex items-center justify-between gap-2">
        <Button variant="secondary" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          {t('previous')}
        </Button>
        <span className="text-sm" aria-live="polite">
          {t('pageOf', { page: page + 1, total: Math.max(1, totalPages) })}
        </span>
        <Button variant="secondary" disabled={page + 1 >= totalPages} onClick={() => onPageChange(page + 1)}>
          {t('next')}
        </Button>
      </nav>
    </div>
  );
};
