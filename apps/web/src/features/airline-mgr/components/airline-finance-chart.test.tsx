import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartData } from 'chart.js';
import type { Bar } from 'react-chartjs-2';
import { describe, expect, it } from 'vitest';
import type { TAirlineWalletHistory } from '@contrail/domain/airline/airline-contract';
import { signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { buildFinanceChart, isHistoryEmpty } from '../lib/finance-chart-config';
import { AirlineFinanceChart } from './airline-finance-chart';

// jsdom has no canvas to draw on: a stand-in draws the canvas with its accessible name, and keeps
// the data it was given for the assertions.
const drawn = { data: [] as unknown[] };
const RecordingBar = (({ data, role, 'aria-label': label }: { data: unknown; role?: string; 'aria-label'?: string }) => {
  drawn.data.push(data);
  return <canvas role={role} aria-label={label} />;
}) as unknown as typeof Bar;
const Chart = ({ airlineId }: { airlineId: string }) => <AirlineFinanceChart airlineId={airlineId} BarChart={RecordingBar} />;

const API = '/api/airline-manager/v1';
const history: TAirlineWalletHistory = {
  months: [
    { month: '2026-09', income: 0, costs: 0, byCategory: [] },
    {
      month: '2026-10',
      income: 12_000,
      costs: 2_500,
      byCategory: [
        { category: 'FLIGHT_REVENUE', income: 12_000, costs: 0 },
        { category: 'HUB_OPERATIONAL_COST', income: 0, costs: 2_500 },
      ],
    },
    {
      month: '2026-11',
      income: 3_000,
      costs: 4_000,
      byCategory: [
        { category: 'FLIGHT_REVENUE', income: 3_000, costs: 0 },
        { category: 'HANGAR_OPENING_FEE', income: 0, costs: 4_000 },
      ],
    },
  ],
};

describe('the income and costs chart', () => {
  it('draws income and costs per month with an accessible name, and lists the figures per month and category', async () => {
    signInForTest();
    drawn.data = [];
    const fake = installFakeFetch({ [`GET ${API}/airline/a1/wallet/history`]: () => json(history) });
    renderWithProviders(<Chart airlineId="a1" />);
    const chart = await screen.findByRole('img', { name: /income and costs per month over the last 6 months: 15,000 FC in, 6,500 FC out/ });
    expect(chart).toBeInTheDocument();
    expect(fake.calls.find((call) => call.path.endsWith('/wallet/history'))?.url.searchParams.get('months')).toBe('6');
    const data = drawn.data.at(-1) as ChartData<'bar', number[], string>;
    expect(data.labels).toEqual(['Sep 2026', 'Oct 2026', 'Nov 2026']);
    expect(data.datasets.map((dataset) => [dataset.label, dataset.data])).toEqual([
      ['Income (FC)', [0, 12_000, 3_000]],
      ['Costs (FC)', [0, 2_500, 4_000]],
    ]);
    expect(screen.getByText('Over the period: 15,000 FC in, 6,500 FC out, net 8,500 FC. Paid transactions only, by UTC month.')).toBeInTheDocument();

    const perMonth = screen.getByRole('table', { name: 'Per month' });
    expect(within(perMonth).getByRole('row', { name: 'Nov 2026 3,000 4,000 -1,000' })).toBeInTheDocument();
    const perCategory = screen.getByRole('table', { name: 'Per category over the period' });
    expect(within(perCategory).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Flight revenue15,0000', 'Hub operating cost02,500', 'Hangar opening fee04,000']);
  });

  it('asks for another period when the reader picks one', async () => {
    signInForTest();
    const fake = installFakeFetch({ [`GET ${API}/airline/a1/wallet/history`]: () => json(history) });
    renderWithProviders(<Chart airlineId="a1" />);
    await screen.findByRole('img');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 24 months');
    await waitFor(() => expect(fake.calls.map((call) => call.url.searchParams.get('months'))).toEqual(['6', '24']));
    expect(await screen.findByRole('img', { name: /over the last 24 months/ })).toBeInTheDocument();
  });

  it('says so when nothing was earned or spent, without a chart', async () => {
    signInForTest();
    installFakeFetch({ [`GET ${API}/airline/a1/wallet/history`]: () => json({ months: [{ month: '2026-11', income: 0, costs: 0, byCategory: [] }] }) });
    renderWithProviders(<Chart airlineId="a1" />);
    expect(await screen.findByText('No income or cost yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the loading state, then the error the server gave', async () => {
    signInForTest();
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    installFakeFetch({
      [`GET ${API}/airline/a1/wallet/history`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithProviders(<Chart airlineId="a1" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    answer({ status: 403, body: { success: false, message: 'Forbidden', errorCode: 'ERR_0009' } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('the finance chart configuration', () => {
  it('keeps the months in order with one income and one cost bar each, axis from zero', () => {
    const { data, options } = buildFinanceChart({ months: history.months, locale: 'fr', labels: { income: 'Recettes', costs: 'Dépenses' } });
    expect(data.labels).toHaveLength(3);
    expect(data.datasets.map((dataset) => dataset.label)).toEqual(['Recettes', 'Dépenses']);
    expect(options.scales?.y).toMatchObject({ beginAtZero: true });
  });

  it('is empty only when every month is zero', () => {
    expect(isHistoryEmpty(history.months)).toBe(false);
    expect(isHistoryEmpty([{ month: '2026-11', income: 0, costs: 0, byCategory: [] }])).toBe(true);
    expect(isHistoryEmpty([])).toBe(true);
  });
});
