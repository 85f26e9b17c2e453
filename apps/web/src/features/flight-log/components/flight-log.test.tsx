import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json, type FakeHandler } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';
import { buildLogDetail, buildLogSummary } from '../testing/flight-log-fixtures';

const gold = { subscriptions: [{ code: 'GOLD' as const, endDate: null }] };
const listPath = 'GET /api/v1/flight-log/user/user-1';

const api = (handlers: Record<string, FakeHandler>, user = buildUser(gold)) =>
  installFakeFetch({ 'GET /api/v1/user/information': () => json(user), ...handlers });

describe('flight log book', () => {
  it('lists the logs in the simple view, then the detailed view and the statistics', async () => {
    signInForTest();
    api({ [listPath]: () => json({ items: [buildLogSummary({ flightNumber: 'CTR123', ledgerState: 'validated' })], totalItems: 1, totalPages: 1 }) });
    renderApp('/flight-log');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const row = (await screen.findByText('CTR123')).closest('tr')!;
    expect(within(row).getByText('EGLL → LFPG')).toBeInTheDocument();
    expect(within(row).getByText('412 FC')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Details of flight CTR123 EGLL → LFPG' })).toHaveAttribute('href', expect.stringMatching(/^\/flight-log\//));
    expect(screen.queryByRole('columnheader', { name: 'Ledger' })).not.toBeInTheDocument();
    // GOLD: no premium notice.
    expect(screen.queryByText(/Flight log access is premium/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Detailed' }));
    expect(await screen.findByRole('columnheader', { name: 'Ledger' })).toBeInTheDocument();
    expect(screen.getByText('Ledger: validated')).toBeInTheDocument();
    expect(screen.getByText('01h 05m 00s')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Show statistics' }));
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    expect(within(stats).getByText('188 NM')).toBeInTheDocument();
    expect(within(stats).getByText('310 XP')).toBeInTheDocument();
  });

  it('searches and pages through the server', async () => {
    signInForTest();
    const fake = api({
      [listPath]: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return json({ items: [buildLogSummary({ flightNumber: `PAGE${page}` })], totalItems: 25, totalPages: 3 });
      },
    });
    renderApp('/flight-log');
    expect(await screen.findByText('PAGE0')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('PAGE1')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'lfpg');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fake.calls.at(-1)?.url.searchParams.get('search')).toBe('lfpg'));
    // A new search starts from the first page.
    expect(fake.calls.at(-1)?.url.searchParams.get('page')).toBe('0');
    expect(fake.calls.at(-1)?.url.searchParams.get('size')).toBe('10');
  });

  it('says when the log book is empty, when nothing matches, and when loading failed', async () => {
    signInForTest();
    api({ [listPath]: ({ url }) => json({ items: [], totalItems: 0, totalPages: url.searchParams.get('search') ? 0 : 0 }) });
    const first = renderApp('/flight-log');
    expect(await screen.findByText(/No flight in your log book yet/)).toBeInTheDocument();
    first.unmount();
    renderApp('/flight-log?search=KJFK');
    expect(await screen.findByText('No flight matches “KJFK”.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    signInForTest();
    let attempts = 0;
    api({
      [listPath]: () => {
        attempts += 1;
        return attempts === 1 ? json({ success: false, message: 'bad', errorCode: 'VALIDATION_ERROR' }, 400) : json({ items: [buildLogSummary({ flightNumber: 'BACK1' })], totalItems: 1, totalPages: 1 });
      },
    });
    renderApp('/flight-log');
    expect(await screen.findByText('The flight log could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('BACK1')).toBeInTheDocument();
  });

  it('locks older logs for a freemium pilot and shows the way to GOLD', async () => {
    signInForTest();
    api(
      {
        [listPath]: () =>
          json({
            items: [buildLogSummary({ flightNumber: 'OPEN1' }), buildLogSummary({ flightNumber: 'OLD1', locked: true })],
            totalItems: 2,
            totalPages: 1,
          }),
      },
      buildUser(),
    );
    renderApp('/flight-log');
    const notice = await screen.findByText(/Flight log access is premium/);
    expect(notice).toHaveTextContent('you can open your 3 most recent flights and any flight held for review');
    expect(screen.getByRole('link', { name: 'Subscribe to GOLD' })).toHaveAttribute('href', '/subscription');
    const locked = (await screen.findByText('OLD1')).closest('tr')!;
    expect(within(locked).getByText('Locked')).toBeInTheDocument();
    expect(within(locked).queryByRole('link')).not.toBeInTheDocument();
    const open = screen.getByText('OPEN1').closest('tr')!;
    expect(within(open).getByRole('link', { name: /Details of flight OPEN1/ })).toBeInTheDocument();
  });
});

describe('flight log detail', () => {
  const detailApi = (detail: ReturnType<typeof buildLogDetail> | { status: number }, user = buildUser(gold)) =>
    api(
      {
        'GET /api/v1/flight-log/log-1': () =>
          'status' in detail ? json({ success: false, message: 'no', errorCode: detail.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND' }, detail.status) : json(detail),
      },
      user,
    );

  it('shows earnings, statistics, the chart, the landing analysis, the steps and the translated events', async () => {
    signInForTest();
    detailApi(buildLogDetail({ ledgerState: 'validated', ledgerHash: 'abc123' }));
    renderApp('/flight-log/log-1');
    expect(await screen.findByRole('heading', { name: 'Flight CTR123 EGLL → LFPG' })).toBeInTheDocument();
    expect(screen.getByText('Ledger: validated')).toBeInTheDocument();
    const earnings = screen.getByRole('region', { name: 'Earnings' });
    expect(within(earnings).getByText('412 FC')).toBeInTheDocument();
    expect(within(earnings).getByText('Score 92/100')).toHaveAttribute('data-colour', 'success');
    expect(within(earnings).queryByText(/No FlightCoins/)).not.toBeInTheDocument();

    const stats = screen.getByRole('region', { name: 'Statistics' });
    expect(within(stats).getByText('00h 45m 00s')).toBeInTheDocument();
    expect(within(stats).getByText('2,450 kg')).toBeInTheDocument();
    expect(within(stats).getByText('2026-03-01 10:02Z')).toBeInTheDocument();

    const chart = screen.getByRole('img', { name: /Altitude and speed over time: highest altitude 19,000 ft, highest speed 420 kt/ });
    expect(chart.querySelector('[data-testid="cruise-line"]')).not.toBeNull();

    const landing = screen.getByRole('region', { name: 'Landing analysis' });
    expect(within(landing).getByText('-180 ft/min')).toBeInTheDocument();
    expect(within(landing).getAllByText('1.21 g')).toHaveLength(2); // in the analysis and in the landing card above it
    const landingCard = within(landing).getByRole('region', { name: 'Landing card' });
    expect(within(landingCard).getByTestId('landing-share-text')).toHaveTextContent('EGLL → LFPG · A320 · -180 fpm · 1.21 g · RWY 27R · 381 m past threshold · Contrail');
    expect(within(landing).getByText('27R')).toBeInTheDocument();
    // The distance past the threshold and the centre-line offset (fixture: -3.5 ft, left), in ft and m.
    expect(within(landing).getByText('1,250 ft (381 m) past the threshold')).toBeInTheDocument();
    expect(within(landing).getByText('4 ft (1 m) left')).toBeInTheDocument();

    const steps = within(screen.getByRole('region', { name: 'Flight steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['10:02ZOff block', '10:10ZTake-off', '10:25ZCruise', '10:55ZLanding']);

    const events = screen.getByRole('region', { name: 'Events' });
    expect(within(events).getByText('Gear up')).toBeInTheDocument();
    expect(within(events).getByText('Touchdown rate')).toBeInTheDocument();
    expect(within(events).getByText('Flight step changed').closest('tr')).toHaveTextContent('Cruise (after Climb)');
    expect(within(events).getByText('Gear up').closest('tr')).toHaveTextContent('Gear up at 120 ft above ground, 160 kt');
    expect(within(events).getByText('Touchdown rate').closest('tr')).toHaveTextContent('-180 ft/min, 1.2 g');
    // No cabin for a normal flight; the map says WebGL is missing in this test browser.
    expect(screen.queryByRole('region', { name: 'Cabin' })).not.toBeInTheDocument();
    expect(await screen.findByText(/The map needs WebGL 2/)).toBeInTheDocument();
  });

  it.each([
    ['InRestTime', 'No FlightCoins: rest period.'],
    ['MonthlyLimit', 'No FlightCoins: monthly limit reached.'],
  ] as const)('explains the no-coin reason %s with the date flying pays again', async (fcReason, title) => {
    signInForTest();
    detailApi(buildLogDetail({ fcReason, flightCoinAmount: 0, nextRemuneration: '2026-03-02T11:05:00.000Z', inRestPeriod: fcReason === 'InRestTime' }));
    renderApp('/flight-log/log-1');
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    expect(within(earnings).getByText('0 FC')).toBeInTheDocument();
    const alert = within(earnings).getByText(title).closest('[role="status"]')!;
    expect(alert).toHaveTextContent('Flying pays again from 2026-03-02 11:05Z.');
  });

  it('shows the cabin of a PNC flight: rates, passengers per class, incidents and cargo', async () => {
    signInForTest();
    detailApi(
      buildLogDetail({
        type: 'PNC',
        isPNC: true,
        satisfaction: { satietyRate: 81, entertainmentRate: 64.5, wellnessRate: 90, satisfactionRate: 78.5 },
        passengers: { first: { points: 10, quantity: 2 }, business: { points: 40, quantity: 12 }, economy: { points: 300, quantity: 150 } },
        incidents: [
          { code: 1, key: 'DELAY_ON_DEPARTURE', parameters: [{ key: 'delay', value: 12 }], timeMs: 0, date: '2026-03-01T10:20:00.000Z' },
          {
            code: 8,
            key: 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS',
            parameters: [{ key: 'type', value: 0 }, { key: 'current', value: 2 }],
            timeMs: 0,
            date: '2026-03-01T10:25:00.000Z',
          },
        ],
        cargos: [{ name: 'Mail', weight: 20, quantity: 30 }],
      }),
    );
    renderApp('/flight-log/log-1');
    const cabin = await screen.findByRole('region', { name: 'Cabin' });
    expect(within(cabin).getByText('64.5 %')).toBeInTheDocument();
    expect(within(cabin).getByRole('row', { name: 'Economy 150 300' })).toBeInTheDocument();
    // Incidents read as sentences, their parameters in words (never "(type: 2, current: 0)").
    expect(within(cabin).getByText(/Departure delayed by 12 minutes/)).toBeInTheDocument();
    expect(within(cabin).getByText(/Another announcement or food service was in progress/)).toBeInTheDocument();
    expect(cabin).not.toHaveTextContent(/type: \d|current: \d/);
    expect(within(cabin).getByText('Mail: 30 × 20 kg')).toBeInTheDocument();
  });

  it('says a flight that crashed earned nothing, with its score colour', async () => {
    signInForTest();
    const base = buildLogDetail();
    detailApi(buildLogDetail({ isCrashed: true, flightCoinAmount: 0, flightScore: 20, reward: { ...base.reward, notPaidReason: 'Crashed', flightScore: 20 } }));
    renderApp('/flight-log/log-1');
    expect(await screen.findByText('This flight crashed: it earned nothing.')).toBeInTheDocument();
    expect(screen.getByText('Score 20/100')).toHaveAttribute('data-colour', 'error');
  });

  it('shows the premium lock for a locked log and a not-found message for an unknown one', async () => {
    signInForTest();
    detailApi({ status: 403 }, buildUser());
    const first = renderApp('/flight-log/log-1');
    expect(await screen.findByText(/Flight log access is premium/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe to GOLD' })).toHaveAttribute('href', '/subscription');
    first.unmount();
    detailApi({ status: 404 });
    renderApp('/flight-log/log-1');
    expect(await screen.findByText('This flight log does not exist.')).toBeInTheDocument();
  });
});
