import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TWebhookDelivery, TWebhookEndpoint } from '@contrail/domain/webhook/webhook-contract';
import { buildAirline, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AirlineWebhooks } from './airline-webhooks';

const BASE = '/api/airline-manager/v1/airline/a1';
const endpoint: TWebhookEndpoint = {
  id: '11111111-1111-4111-8111-111111111111',
  displayUrl: 'https://discord.com/api/webhooks/123456789012345678/•••',
  format: 'discord',
  events: ['flight.departed', 'flight.completed'],
  description: '#departures',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const delivery = (patch: Partial<TWebhookDelivery>): TWebhookDelivery => ({
  id: '22222222-2222-4222-8222-222222222222',
  endpointId: endpoint.id,
  eventType: 'flight.completed',
  eventId: '33333333-3333-4333-8333-333333333333',
  status: 'delivered',
  attemptCount: 1,
  lastStatusCode: 204,
  nextAttemptAt: null,
  createdAt: '2026-11-21T08:30:00.000Z',
  deliveredAt: '2026-11-21T08:30:00.000Z',
  attempts: [{ attempt: 1, at: '2026-11-21T08:30:00.000Z', statusCode: 204, error: null, durationMs: 80 }],
  ...patch,
});

describe('the airline webhooks section', () => {
  it('lists the webhooks and the recent deliveries with their outcome', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${BASE}/webhook`]: () => json([endpoint]),
      [`GET ${BASE}/webhook-delivery`]: () =>
        json([
          delivery({}),
          delivery({
            id: '44444444-4444-4444-8444-444444444444',
            eventType: 'flight.departed',
            status: 'pending',
            attemptCount: 2,
            lastStatusCode: 500,
            nextAttemptAt: '2026-11-21T08:32:30.000Z',
            attempts: [
              { attempt: 1, at: '2026-11-21T08:30:00.000Z', statusCode: 500, error: 'The receiver answered HTTP 500', durationMs: 50 },
              { attempt: 2, at: '2026-11-21T08:30:30.000Z', statusCode: 500, error: 'The receiver answered HTTP 500', durationMs: 50 },
            ],
          }),
        ]),
    });
    renderWithProviders(<AirlineWebhooks airline={buildAirline({ id: 'a1', isOwner: true })} />);
    const list = await screen.findByRole('list', { name: "The airline's webhooks" });
    expect(within(list).getByText('#departures')).toBeInTheDocument();
    expect(within(list).getByText('Flight departed, Flight completed, with its landing')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent deliveries' });
    expect(within(table).getByText('Delivered (HTTP 204)')).toBeInTheDocument();
    expect(within(table).getByText(/2 attempts failed: The receiver answered HTTP 500\. Next try at/)).toBeInTheDocument();
  });

  it('adds a Discord webhook with the chosen events, from the keyboard, and shows its secret once', async () => {
    signInForTest();
    const fake = installFakeFetch({
      [`GET ${BASE}/webhook`]: () => json([]),
      [`GET ${BASE}/webhook-delivery`]: () => json([]),
      [`POST ${BASE}/webhook`]: () => json({ endpoint, secret: 'whsec_shown-once' }, 201),
    });
    renderWithProviders(<AirlineWebhooks airline={buildAirline({ id: 'a1', isOwner: true })} />);
    expect(await screen.findByText('No webhook yet.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing sent yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/^Address/));
    await userEvent.keyboard('https://discord.com/api/webhooks/123456789012345678/abc');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Member joined' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bankruptcy warning' }));
    screen.getByRole('button', { name: 'Add webhook' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('whsec_shown-once')).toBeInTheDocument();
    const sent = fake.calls.find((call) => call.method === 'POST' && call.path === `${BASE}/webhook`)!.body;
    expect(sent).toEqual({
      url: 'https://discord.com/api/webhooks/123456789012345678/abc',
      format: 'discord',
      events: ['flight.departed', 'flight.completed', 'review.needed'],
      description: '',
    });
  });

  it('tells the owner why an address is refused, in the server’s words', async () => {
    signInForTest();
    installFakeFetch({
      [`GET ${BASE}/webhook`]: () => json([]),
      [`GET ${BASE}/webhook-delivery`]: () => json([]),
      [`POST ${BASE}/webhook`]: () =>
        json({ success: false, errorCode: 'VALIDATION_ERROR', field: 'url', message: 'This address points to a private or local network, which the server does not call' }, 400),
    });
    renderWithProviders(<AirlineWebhooks airline={buildAirline({ id: 'a1', isOwner: true })} />);
    await userEvent.type(await screen.findByLabelText(/^Address/), 'https://10.0.0.1/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(/private or local network/)).toBeInTheDocument();
  });

  it('is shown to the owner alone', () => {
    signInForTest();
    installFakeFetch({});
    renderWithProviders(<AirlineWebhooks airline={buildAirline({ id: 'a1', isOwner: false, isAdmin: true })} />);
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).toBeNull();
  });
});
