import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TNotam } from '@contrail/domain/notam/notam-contract';
import { signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { FlightNotams } from './flight-notams';
import { NotamIssueForm } from './notam-issue-form';

const lfpg: TNotam = {
  id: 'n1',
  reference: 'A0001/26',
  kind: 'NEW',
  refersTo: null,
  audience: 'AIRPORTS',
  qCode: 'QMRLC',
  fir: 'LFFF',
  locations: ['LFPG'],
  validFrom: '2026-11-23T08:00:00.000Z',
  validUntil: null,
  isEstimated: false,
  schedule: null,
  text: 'RWY 09L/27R CLOSED',
  lowerLimit: null,
  upperLimit: null,
  raw: '',
  issuedAt: '2026-11-23T07:00:00.000Z',
};

describe('notices for a flight', () => {
  it('asks for the departure and arrival airports and shows their notices', async () => {
    signInForTest();
    const fake = installFakeFetch({ 'GET /api/v1/notam': () => json([lfpg]) });
    renderWithProviders(<FlightNotams departureIdent="egll" arrivalIdent="LFPG" />);
    expect(await screen.findByRole('heading', { name: /A0001\/26 · LFPG/ })).toBeInTheDocument();
    expect(screen.getByText('RWY 09L/27R CLOSED')).toBeInTheDocument();
    expect(screen.getByText(/until further notice \(permanent\)/)).toBeInTheDocument();
    expect(fake.calls[0]?.url.searchParams.get('airports')).toBe('EGLL,LFPG');
  });

  it('shows nothing when no notice concerns the flight', async () => {
    signInForTest();
    const fake = installFakeFetch({ 'GET /api/v1/notam': () => json([]) });
    const { container } = renderWithProviders(<FlightNotams departureIdent="EGLL" arrivalIdent="KJFK" />);
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(container.querySelector('[data-testid="notam"]')).toBeNull();
  });
});

describe('issuing a notice', () => {
  it('says what is wrong before sending, then shows the server refusal, then issues', async () => {
    signInForTest();
    let answer = json({ success: false, message: 'A) ZZZZ: unknown airport; a notice for everyone may name a FIR instead', errorCode: 'VALIDATION_ERROR' }, 400);
    const fake = installFakeFetch({ 'POST /api/v1/notam': () => answer });
    renderWithProviders(<NotamIssueForm />);
    const box = screen.getByRole('textbox', { name: /Notice in ICAO form/ });
    await userEvent.type(box, 'A0001/26 NOTAMN{enter}E) TEXT');
    await userEvent.click(screen.getByRole('button', { name: 'Issue the notice' }));
    expect(await screen.findByText(/Item Q\) is missing/)).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, 'A0001/26 NOTAMN{enter}Q) LFFF/QMRLC/IV/NBO/A/000/999/4901N00233E005{enter}A) ZZZZ B) 2611230800 C) PERM{enter}E) RWY CLOSED');
    await userEvent.click(screen.getByRole('button', { name: 'Issue the notice' }));
    expect(await screen.findByText(/ZZZZ: unknown airport/)).toBeInTheDocument();
    expect(fake.calls[0]?.body).toMatchObject({ audience: 'AIRPORTS' });

    answer = json({ ...lfpg, reference: 'A0001/26' }, 201);
    await userEvent.click(screen.getByRole('button', { name: 'Issue the notice' }));
    expect(await screen.findByText('Notice A0001/26 issued.')).toBeInTheDocument();
  });
});
