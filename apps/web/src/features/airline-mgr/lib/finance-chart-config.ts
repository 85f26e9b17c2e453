import type { ChartData, ChartOptions } from 'chart.js';
import type { TWalletHistoryMonth } from '@contrail/domain/airline/airline-contract';

export const FINANCE_CHART_COLORS = { income: '#34d399', costs: '#f87171', grid: '#334155', text: '#e2e8f0' } as const;
/** The periods the finance chart offers, in months (the server takes 1 to 24). */
export const FINANCE_CHART_PERIODS = [3, 6, 12, 24] as const;
export type FinanceChartPeriod = (typeof FINANCE_CHART_PERIODS)[number];
/** Half a year, as the server answers without `months`. */
export const FINANCE_CHART_DEFAULT_PERIOD: FinanceChartPeriod = 6;

/** "Jan 2026" in the reader's language for a `YYYY-MM` month (UTC, as the server counts). */
export const formatMonth = (month: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** Whether nothing was credited or debited in any month: the chart gives way to the empty message. */
export const isHistoryEmpty = (months: readonly TWalletHistoryMonth[]): boolean => months.every((month) => month.income === 0 && month.costs === 0);

/**
 * The income and costs chart as a Chart.js configuration: one pair of bars per month (FC), oldest
 * on the left. Pure, so it is tested without a canvas.
 */
export const buildFinanceChart = ({ months, locale, labels }: { months: readonly TWalletHistoryMonth[]; locale: string; labels: { income: string; costs: string } }) => {
  const number = new Intl.NumberFormat(locale);
  const data: ChartData<'bar', number[], string> = {
    labels: months.map((month) => formatMonth(month.month, locale)),
    datasets: [
      { label: labels.income, data: months.map((month) => month.income), backgroundColor: FINANCE_CHART_COLORS.income, borderColor: FINANCE_CHART_COLORS.income },
      { label: labels.costs, data: months.map((month) => month.costs), backgroundColor: FINANCE_CHART_COLORS.costs, borderColor: FINANCE_CHART_COLORS.costs },
    ],
  };
  const ticks = { color: FINANCE_CHART_COLORS.text };
  const options: ChartOptions<'bar'> = {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    scales: {
      x: { ticks, grid: { color: FINANCE_CHART_COLORS.grid } },
      y: { beginAtZero: true, ticks: { ...ticks, callback: (value) => number.format(Number(value)) }, grid: { color: FINANCE_CHART_COLORS.grid } },
    },
    plugins: {
      legend: { labels: { color: FINANCE_CHART_COLORS.text } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${number.format(item.parsed.y ?? 0)}` } },
    },
  };
  return { data, options };
};
