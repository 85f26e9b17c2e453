import { useState } from 'react';
import { TransactionCategory, TransactionState } from '@contrail/domain/wallet/wallet-contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/handle-error';
import { transactionLabel } from '../../../lib/transaction-texts';
import { usePayTransaction, useProfitAndLoss, useTransactions, type TAirline } from '../api/airline-mgr';
import { AirlineFinanceChart } from './airline-finance-chart';
import { PageNav, selectClasses } from './page-nav';

/** '' is every state or category. */
type TStateFilter = TransactionState | '';
type TCategoryFilter = TransactionCategory | '';

/** The airline's transactions by page, and profit and loss per route and per plane from the flights flown. */
export const AirlineFinance = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const [pageIndex, setPageIndex] = useState(0);
  const [state, setState] = useState<TStateFilter>('');
  const [category, setCategory] = useState<TCategoryFilter>('');
  const isFiltered = state !== '' || category !== '';
  const transactions = useTransactions(airline.id, pageIndex, { states: state === '' ? [] : [state], categories: category === '' ? [] : [category] });
  const pnl = useProfitAndLoss(airline.id);
  const pay = usePayTransaction(airline.id);
  const amount = (value: number) => value.toLocaleString(i18n.language);
  return (
    <div className="flex flex-col gap-6">
      <AirlineFinanceChart airlineId={airline.id} />
      <section aria-labelledby="pnl" className="flex flex-col gap-2">
        <h2 id="pnl" className="text-lg font-semibold text-slate-50">
          {t('finance.pnlTitle')}
        </h2>
        {pnl.isPending ? <p role="status">{t('common:loading')}</p> : null}
        {pnl.isError ? <Alert tone="error">{errorMessage(pnl.error)}</Alert> : null}
        {pnl.data && pnl.data.byRoute.length === 0 ? <p className="text-sm text-slate-200">{t('finance.pnlEmpty')}</p> : null}
        {pnl.data && pnl.data.byRoute.length > 0
          ? (['byRoute', 'byPlane'] as const).map((group) => (
              <table key={group} className="w-full text-left text-sm">
                <caption className="text-left font-medium text-slate-100">{t(`finance.${group}`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(`finance.${group}Key`)}</th>
                    <th scope="col">{t('finance.flights')}</th>
                    <th scope="col">{t('finance.revenue')}</th>
                    <th scope="col">{t('finance.cost')}</th>
                    <th scope="col">{t('finance.profit')}</th>
                  </tr>
                </thead>
                <tbody>
                  {pnl.data[group].map((row) => (
                    <tr key={row.key}>
                      <td>{row.key}</td>
                      <td>{row.flights}</td>
                      <td>{amount(row.revenue)}</td>
                      <td>{amount(row.cost)}</td>
                      <td>{amount(row.profit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))
          : null}
      </section>
      <section aria-labelledby="transactions" className="flex flex-col gap-2">
        <h2 id="transactions" className="text-lg font-semibold text-slate-50">
          {t('finance.transactions')}
        </h2>
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
            {t('finance.stateFilter')}
            <select
              className={selectClasses}
              value={state}
              onChange={(event) => {
                // A filter starts the list again from its first page.
                setState(event.target.value as TStateFilter);
                setPageIndex(0);
              }}
            >
              <option value="">{t('finance.allStates')}</option>
              {TransactionState.map((value) => (
                <option key={value} value={value}>
                  {t(`finance.states.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
            {t('finance.categoryFilter')}
            <select
              className={selectClasses}
              value={category}
              onChange={(event) => {
                setCategory(event.target.value as TCategoryFilter);
                setPageIndex(0);
              }}
            >
              <option value="">{t('finance.allCategories')}</option>
              {TransactionCategory.map((value) => (
                <option key={value} value={value}>
                  {t(`wallet:categories.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {transactions.isPending ? <p role="status">{t('common:loading')}</p> : null}
        {transactions.isError ? <Alert tone="error">{errorMessage(transactions.error)}</Alert> : null}
        {transactions.data?.items.length === 0 ? <p className="text-sm text-slate-200">{t(isFiltered ? 'finance.noMatch' : 'finance.empty')}</p> : null}
        {transactions.data && transactions.data.items.length > 0 ? (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('finance.date')}</th>
                <th scope="col">{t('finance.description')}</th>
                <th scope="col">{t('finance.state')}</th>
                <th scope="col">{t('finance.amount')}</th>
                {airline.isOwner ? <th scope="col">{t('finance.pay')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {transactions.data.items.map((transaction) => (
                <tr key={transaction.id}>
                  <td>{new Date(transaction.executionDate).toLocaleDateString(i18n.language, { timeZone: 'UTC' })}</td>
                  <td>{transactionLabel(i18n, transaction)}</td>
                  <td>{t(`finance.states.${transaction.transactionState}`)}</td>
                  <td>{`${transaction.transactionType === 'DEBIT' ? '−' : '+'}${amount(transaction.amount)}`}</td>
                  {airline.isOwner ? (
                    <td>
                      {transaction.transactionState === 'SUCCESS' ? null : (
                        <Button variant="secondary" disabled={pay.isPending} aria-label={t('finance.payNamed', { description: transactionLabel(i18n, transaction) })} onClick={() => pay.mutate(transaction.id)}>
                          {t('finance.pay')}
                        </Button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {transactions.data ? <PageNav label={t('finance.pages')} pageIndex={pageIndex} totalPages={transactions.data.totalPages} onPage={setPageIndex} /> : null}
      </section>
    </div>
  );
};
