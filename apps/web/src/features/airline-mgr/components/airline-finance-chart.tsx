import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { TWalletHistoryMonth } from '@contrail/domain/airline/airline-contract';
import type { TransactionCategory } from '@contrail/domain/wallet/wallet-contract';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/handle-error';
import { useAirlineWalletHistory } from '../api/get-airline-wallet-history';
import { FINANCE_CHART_DEFAULT_PERIOD, FINANCE_CHART_PERIODS, buildFinanceChart, formatMonth, isHistoryEmpty, type FinanceChartPeriod } from '../lib/finance-chart-config';
import { selectClasses } from './page-nav';

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Each category's income and costs over the whole period, in the months' category order. */
const totalsByCategory = (months: readonly TWalletHistoryMonth[]) => {
  const totals = new Map<TransactionCategory, { category: TransactionCategory; income: number; costs: number }>();
  for (const month of months) {
    for (const share of month.byCategory) {
      const total = totals.get(share.category) ?? { category: share.category, income: 0, costs: 0 };
      total.income += share.income;
      total.costs += share.costs;
      totals.set(share.category, total);
    }
  }
  return [...totals.values()];
};

/**
 * The airline's income and costs per month (its executed transactions, UTC months) as a bar
 * chart, with the figures as tables for screen readers and anyone who wants the numbers.
 */
export const AirlineFinanceChart = ({
  airlineId,
  BarChart = Bar,
}: {
  airlineId: string;
  /** Draws the bars; tests pass a stand-in (jsdom has no canvas to draw on). */
  BarChart?: typeof Bar;
}) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const titleId = useId();
  const [months, setMonths] = useState<FinanceChartPeriod>(FINANCE_CHART_DEFAULT_PERIOD);
  const history = useAirlineWalletHistory(airlineId, months);
  const rows = useMemo(() => history.data?.months ?? [], [history.data]);
  const chart = useMemo(
    () => buildFinanceChart({ months: rows, locale: i18n.language, labels: { income: t('finance.chart.income'), costs: t('finance.chart.costs') } }),
    [rows, i18n.language, t],
  );
  const amount = (value: number) => value.toLocaleString(i18n.language);
  const income = rows.reduce((sum, month) => sum + month.income, 0);
  const costs = rows.reduce((sum, month) => sum + month.costs, 0);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-50">
          {t('finance.chart.title')}
        </h2>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
          {t('finance.chart.period')}
          <select className={selectClasses} value={months} onChange={(event) => setMonths(Number(event.target.value) as FinanceChartPeriod)}>
            {FINANCE_CHART_PERIODS.map((period) => (
              <option key={period} value={period}>
                {t('finance.chart.lastMonths', { months: period })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {history.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {history.isError ? <Alert tone="error">{errorMessage(history.error)}</Alert> : null}
      {history.data && isHistoryEmpty(rows) ? <p className="text-sm text-slate-200">{t('finance.chart.empty')}</p> : null}
      {history.data && !isHistoryEmpty(rows) ? (
        <figure className="flex flex-col gap-2">
          <div className="h-64">
            <BarChart data={chart.data} options={chart.options} role="img" aria-label={t('finance.chart.label', { months, income: amount(income), costs: amount(costs) })} />
          </div>
          <figcaption className="text-xs text-slate-300">{t('finance.chart.caption', { income: amount(income), costs: amount(costs), net: amount(income - costs) })}</figcaption>
          <details className="text-sm text-slate-100">
            <summary className="cursor-pointer">{t('finance.chart.showFigures')}</summary>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="text-left font-medium text-slate-100">{t('finance.chart.perMonth')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('finance.chart.month')}</th>
                  <th scope="col">{t('finance.chart.income')}</th>
                  <th scope="col">{t('finance.chart.costs')}</th>
                  <th scope="col">{t('finance.chart.net')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((month) => (
                  <tr key={month.month}>
                    <th scope="row" className="font-normal">
                      {formatMonth(month.month, i18n.language)}
                    </th>
                    <td>{amount(month.income)}</td>
                    <td>{amount(month.costs)}</td>
                    <td>{amount(month.income - month.costs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="text-left font-medium text-slate-100">{t('finance.chart.perCategory')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('finance.chart.category')}</th>
                  <th scope="col">{t('finance.chart.income')}</th>
                  <th scope="col">{t('finance.chart.costs')}</th>
                </tr>
              </thead>
              <tbody>
                {totalsByCategory(rows).map((total) => (
                  <tr key={total.category}>
                    <th scope="row" className="font-normal">
                      {t(`wallet:categories.${total.category}`)}
                    </th>
                    <td>{amount(total.income)}</td>
                    <td>{amount(total.costs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </figure>
      ) : null}
    </section>
  );
};
