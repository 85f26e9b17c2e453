import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json, type FakeHandler } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';
import { buildLogDetail, buildLogSummary } from '../testing/flight-log-fixtures';

const gold = { subscriptions: [{ code: 'GOLD' as const, endDate: null }] };
const hardLanding = { code: 'HARD_LANDING' as const, consequence: 'review' as const, measured: -420, threshold: -300, unit: 'fpm' as const, message: 'The touchdown at -420 fpm was harder than the limit of -300 fpm.' };
const review = (overrides: Partial<TFlightLogDetail['review']> = {}): TFlightLogDetail['review'] => ({
  status: 'pending',
  practice: false,
  reasons: [hardLanding],
  pilotReply: null,
  pilotRepliedAt: null,
  reviewerComment: null,
  reviewedAt: null,
  reviewer: null,
  canReply: true,
  ...overrides,
});

const openLog = async (log: TFlightLogDetail, handlers: Record<string, FakeHandler> = {}) => {
  signInForTest();
  const fake = installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser(gold)), 'GET /api/v1/flight-log/log-1': () => json(log), ...handlers });
  renderApp('/flight-log/log-1');
  await screen.findByRole('heading', { name: 'Flight CTR123 EGLL → LFPG' });
  return fake;
};

describe('flight review on the pilot’s flight log', () => {
  it('says a held flight waits for review, with each reason in words, and takes one reply', async () => {
    const fake = await openLog(buildLogDetail({ id: 'log-1', reviewStatus: 'pending', review: review() }), {
      'POST /api/v1/flight-log/log-1/review/reply': ({ body }) =>
        json(review({ canReply: false, pilotReply: (body as { message: string }).message, pilotRepliedAt: '2026-03-01T12:00:00.000Z' })),
    });
    const banner = screen.getByRole('region', { name: 'Your flight is waiting for review' });
    expect(banner).toHaveTextContent('Its FlightCoins and XP are held until a reviewer decides.');
    const reason = within(banner).getByRole('listitem');
    expect(reason).toHaveTextContent('Hard landing');
    expect(reason).toHaveTextContent('The touchdown rate was -420 ft/min, harder than the limit of -300 ft/min.');

    const send = within(banner).getByRole('button', { name: 'Send my reply' });
    await userEvent.click(send);
    expect(await within(banner).findByText('Write your explanation first.')).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(within(banner).getByRole('textbox', { name: /Your explanation/ }), 'Gusty crosswind on short final.');
    await userEvent.click(send);
    expect(await within(banner).findByText('Gusty crosswind on short final.')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ message: 'Gusty crosswind on short final.' });
    expect(within(banner).getByText('Your reply, 2026-03-01 12:00Z')).toBeInTheDocument();
    // One reply only: the form is gone.
    await waitFor(() => expect(within(banner).queryByRole('textbox')).not.toBeInTheDocument());
  });

  it("shows the reviewer's comment and what was paid once accepted", async () => {
    await openLog(
      buildLogDetail({
        id: 'log-1',
        flightCoinAmount: 1_250,
        xp: 310,
        review: review({
          status: 'accepted',
          canReply: false,
          pilotReply: 'Gusty crosswind on short final.',
          pilotRepliedAt: '2026-03-01T12:00:00.000Z',
          reviewerComment: 'Within limits for a gusty day.',
          reviewedAt: '2026-03-02T09:00:00.000Z',
          reviewer: { id: 'u1', userName: 'captain' },
        }),
      }),
    );
    const banner = screen.getByRole('region', { name: 'Your flight was accepted after review' });
    expect(banner).toHaveTextContent('Paid: 1,250 FC and 310 XP.');
    expect(banner).toHaveTextContent('Comment from captain, 2026-03-02 09:00Z');
    expect(banner).toHaveTextContent('Within limits for a gusty day.');
    expect(within(banner).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says why a flight that was not flown paid nothing', async () => {
    const notFlown = { code: 'NOT_FLOWN' as const, consequence: 'reject' as const, measured: null, threshold: null, unit: null, message: 'No flight data reached Contrail.' };
    await openLog(buildLogDetail({ id: 'log-1', flightCoinAmount: 0, xp: 0, review: review({ status: 'not-flown', canReply: false, reasons: [notFlown] }) }));
    const banner = screen.getByRole('region', { name: 'This flight was not flown' });
    expect(banner).toHaveTextContent('Nothing was paid');
    expect(within(banner).getByText('Refused by rule')).toBeInTheDocument();
    expect(banner).toHaveTextContent('a departure on the ground with an engine running');
  });

  it('marks an unpaid practice flight and shows nothing else for an accepted one', async () => {
    await openLog(buildLogDetail({ id: 'log-1', practice: true, flightCoinAmount: 0, xp: 0, review: review({ status: 'accepted', practice: true, reasons: [], canReply: false }) }));
    expect(screen.getByText('Practice flight — practice flights earn no FlightCoins on this server.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /review/ })).not.toBeInTheDocument();
  });

  it('says so when this server pays practice flights, instead of "earns nothing"', async () => {
    await openLog(buildLogDetail({ id: 'log-1', practice: true, flightCoinAmount: 137, xp: 90, review: review({ status: 'accepted', practice: true, reasons: [], canReply: false }) }));
    expect(screen.getByText('Practice flight (built-in simulator) — this server pays practice flights.')).toBeInTheDocument();
    expect(screen.queryByText(/earn no FlightCoins/)).not.toBeInTheDocument();
  });

  it('shows a status badge in the log book for the flights that are not simply accepted', async () => {
    signInForTest();
    installFakeFetch({
      'GET /api/v1/user/information': () => json(buildUser(gold)),
      'GET /api/v1/flight-log/user/user-1': () =>
        json({
          items: [
            buildLogSummary({ flightNumber: 'HELD1', reviewStatus: 'pending' }),
            buildLogSummary({ flightNumber: 'GONE1', reviewStatus: 'not-flown' }),
            buildLogSummary({ flightNumber: 'SIM1', practice: true }),
            buildLogSummary({ flightNumber: 'OK1' }),
          ],
          totalItems: 4,
          totalPages: 1,
        }),
    });
    renderApp('/flight-log');
    const rowOf = async (flightNumber: string) => (await screen.findByText(flightNumber)).closest('tr')!;
    expect(await rowOf('HELD1')).toHaveTextContent('Waiting for review');
    expect(await rowOf('GONE1')).toHaveTextContent('Not flown');
    expect(await rowOf('SIM1')).toHaveTextContent('Practice');
    expect((await rowOf('OK1')).querySelector('[data-review-status]')).toBeNull();
  });
});
