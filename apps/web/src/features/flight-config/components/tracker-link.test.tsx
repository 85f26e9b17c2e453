import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { TrackerLink, type TrackerLinkPlan } from './tracker-link';

const plan: TrackerLinkPlan = { flightNumber: 'CTR42', aircraftIcao: 'A320', departureIdent: 'EGLL', arrivalIdent: 'LFPG', cruiseLevelFt: 24_000, type: 'NORMAL' };

describe('tracker link', () => {
  it('asks the server to sign the configured flight and offers the contrail: link', async () => {
    const link = 'contrail://flight-plan?server=http%3A%2F%2Flocalhost&flightNumber=CTR42&hash=ab';
    const fake = installFakeFetch({ 'POST /api/v1/deep-link/flight-plan': () => json({ link, expiresAt: '2026-11-28T12:00:00.000Z' }) });
    renderWithProviders(<TrackerLink readPlan={() => plan} />);
    await userEvent.click(screen.getByRole('button', { name: 'Make the tracker link' }));
    expect(await screen.findByRole('link', { name: 'Open this flight in the tracker' })).toHaveAttribute('href', link);
    expect(fake.calls[0]?.body).toEqual(plan);
  });

  it('says what is missing instead of asking for a link without airports', async () => {
    const fake = installFakeFetch({});
    renderWithProviders(<TrackerLink readPlan={() => ({ ...plan, arrivalIdent: undefined })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Make the tracker link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in the flight number, aircraft, cruise level and both airports first.');
    expect(fake.calls).toHaveLength(0);
  });
});
