import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInForTest } from '../../../testing/factories';
import { installFakeFetch, json, type FakeHandler } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import type { ReviewScope } from '../api/flight-review';
import { buildReviewDetail, buildReviewItem } from '../testing/review-fixtures';
import { ReviewQueue } from './review-queue';

const API = '/api/airline-manager/v1/airline/a1/flight-review';
const flightId = buildReviewItem().flightLogId;
const pageOf = <T,>(items: T[], totalPages = 1) => ({ items, totalItems: items.length, totalPages });
const airline: ReviewScope = { kind: 'airline', airlineId: 'a1' };

const renderQueue = (handlers: Record<string, FakeHandler>, scope: ReviewScope = airline, path = '/airline-mgr/flight-review') => {
  signInForTest();
  const fake = installFakeFetch(handlers);
  const view = renderWithProviders(<ReviewQueue scope={scope} renderTrack={(flight) => <p>Track of {flight.positionHistory.length} points</p>} />, path);
  return { fake, ...view };
};

describe('review queue', () => {
  it('lists the pending flights with pilot, route, reasons, reply and the pay at stake, then the decided ones', async () => {
    const { fake } = renderQueue({
      [`GET ${API}`]: ({ url }) =>
        url.searchParams.get('status') === 'decided'
          ? json(
              pageOf([
                buildReviewItem({ flightNumber: 'CTR7', status: 'accepted', reviewerComment: 'Fine', reviewedAt: '2026-03-02T09:00:00.000Z' }),
                buildReviewItem({ flightLogId: '00000000-0000-4000-8000-00000000a002', flightNumber: 'CTR8', status: 'rejected', reviewerComment: 'Slewed', reviewedAt: '2026-03-02T10:00:00.000Z' }),
              ]),
            )
          : json(pageOf([buildReviewItem({ pilotReply: 'Gusty crosswind on short final.' })])),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const row = (await screen.findByText('CTR42')).closest('tr')!;
    expect(row).toHaveTextContent('ace');
    expect(row).toHaveTextContent('EGLL → LFPG');
    expect(row).toHaveTextContent('Hard landing');
    expect(row).toHaveTextContent('Gusty crosswind on short final.');
    expect(row).toHaveTextContent('1,250 FC · 310 XP');
    expect(within(row).getByRole('link', { name: 'Review flight CTR42 of ace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Waiting for a decision' })).toHaveAttribute('aria-pressed', 'true');
    expect(fake.calls.at(-1)?.url.searchParams.get('status')).toBe('pending');

    await userEvent.click(screen.getByRole('button', { name: 'Decided' }));
    const decided = (await screen.findByText('CTR7')).closest('tr')!;
    expect(within(decided).getByText('Accepted')).toBeInTheDocument();
    expect(decided).toHaveTextContent('1,250 FC · 310 XP');
    const refused = screen.getByText('CTR8').closest('tr')!;
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    expect(refused).toHaveTextContent('Nothing paid');
    expect(screen.getByRole('columnheader', { name: 'Outcome' })).toBeInTheDocument();
    expect(fake.calls.at(-1)?.url.searchParams.get('status')).toBe('decided');
  });

  it('says when nothing waits, and shows a refusal with a retry', async () => {
    let attempts = 0;
    renderQueue({
      [`GET ${API}`]: () => {
        attempts += 1;
        return attempts === 1 ? json({ success: false, message: 'no', errorCode: 'ERR_0009' }, 403) : json(pageOf([]));
      },
    });
    expect(await screen.findByText(/The flights to review could not be loaded\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No flight is waiting for review.')).toBeInTheDocument();
  });

  it('opens a flight: reasons in words, the reply, the track, the landing; the heading takes the focus', async () => {
    renderQueue({
      [`GET ${API}`]: () => json(pageOf([buildReviewItem()])),
      [`GET ${API}/${flightId}`]: () => json(buildReviewDetail({ pilotReply: 'Gusty crosswind on short final.' })),
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Review flight CTR42 of ace' }));
    const heading = await screen.findByRole('heading', { name: 'Flight CTR42 EGLL → LFPG' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Held until your decision: 1,250 FC and 310 XP.')).toBeInTheDocument();
    const reasons = screen.getByRole('region', { name: 'Reasons' });
    expect(within(reasons).getByText('The touchdown rate was -420 ft/min, harder than the limit of -300 ft/min.')).toBeInTheDocument();
    expect(within(reasons).getByText('For a reviewer')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: "The pilot's reply" })).getByText('Gusty crosswind on short final.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Track' })).getByText('Track of 3 points')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Touchdown' })).getByText('-420 ft/min · 1.62 g · bounces: 1')).toBeInTheDocument();
  });

  it('asks for a comment before deciding, then accepts with it and returns to the list', async () => {
    const { fake } = renderQueue(
      {
        [`GET ${API}`]: () => json(pageOf([])),
        [`GET ${API}/${flightId}`]: () => json(buildReviewDetail()),
        [`POST ${API}/${flightId}/decision`]: () => json(buildReviewItem({ status: 'accepted', reviewerComment: 'Within limits for a gusty day.' })),
      },
      airline,
      `/airline-mgr/flight-review?flight=${flightId}`,
    );
    const accept = await screen.findByRole('button', { name: 'Accept and pay' });
    await userEvent.click(accept);
    expect(await screen.findByText('Write a comment for the pilot first.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Comment for the pilot/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: /Comment for the pilot/ }), '  Within limits for a gusty day. ');
    await userEvent.click(accept);
    expect(await screen.findByText('No flight is waiting for review.')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'accept', comment: 'Within limits for a gusty day.' });
    // The keyboard focus comes back to the list it left.
    expect(screen.getByRole('button', { name: 'Waiting for a decision' })).toHaveFocus();
    expect(await screen.findByText('Flight accepted: its pay is released.')).toBeInTheDocument();
  });

  it("refuses through the site admins' queue, and shows the server's refusal in words", async () => {
    const site = '/api/v1/admin/flight-review';
    const { fake } = renderQueue(
      {
        [`GET ${site}/${flightId}`]: () => json(buildReviewDetail({ type: 'NORMAL' })),
        [`POST ${site}/${flightId}/decision`]: () => json({ success: false, message: 'Forbidden', errorCode: 'FORBIDDEN' }, 403),
      },
      { kind: 'site' },
      `/admin/flight-review?flight=${flightId}`,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /Comment for the pilot/ }), 'Slewed across the Channel.');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'reject', comment: 'Slewed across the Channel.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
    // Still on the flight: nothing was decided.
    expect(screen.getByRole('heading', { name: 'Flight CTR42 EGLL → LFPG' })).toBeInTheDocument();
  });

  it('shows a decided flight with its comment and no decision form', async () => {
    renderQueue(
      {
        [`GET ${API}/${flightId}`]: () =>
          json(buildReviewDetail({ status: 'rejected', reviewerComment: 'Slewed across the Channel.', reviewedAt: '2026-03-02T09:00:00.000Z', landing: null })),
      },
      airline,
      `/airline-mgr/flight-review?status=decided&flight=${flightId}`,
    );
    const decided = await screen.findByRole('region', { name: 'Decision' });
    expect(decided).toHaveTextContent('Decided 2026-03-02 09:00Z');
    expect(decided).toHaveTextContent('Slewed across the Channel.');
    expect(screen.getByText('Nothing was paid.')).toBeInTheDocument();
    expect(screen.getByText('No landing was recorded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and pay' })).not.toBeInTheDocument();
  });
});
