import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TBoosterPack, TSubscription } from '@contrail/domain/store/store-contract';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';

const pack: TBoosterPack = { id: 'pack-1', name: 'Starter pack', description: '5,000 FC', type: 'pack', fcAmount: 5_000, price: 499, currency: 'EUR', photo: null };
const gold: TSubscription = { id: 'GOLD-MONTHLY', code: 'GOLD', type: 'MONTHLY', price: 499, currency: 'EUR', savingPercent: 0 };

const api = (emailVerified: boolean) =>
  installFakeFetch({
    'GET /api/v1/user/information': () => json(buildUser({ emailVerified, email: 'newcomer@example.com' })),
    'GET /api/v1/item-category/active': () => json([]),
    'GET /api/v1/item': () => json({ items: [], totalItems: 0, totalPages: 0 }),
    'GET /api/v1/pack': () => json([pack]),
    'GET /api/v1/subscription': () => json([gold]),
    'POST /api/v1/user/email/resend': () => json({ success: true }),
  });

/** The paying screens' note, found among the page's status messages. */
const verifyNote = () => screen.findByText(/Paying by card, subscribing and creating an airline need a verified email address/, {}, { timeout: 5000 });

describe('paying screens while the email address is not verified', () => {
  it('/store says why, disables buying packs by card, and sends the link again', async () => {
    signInForTest();
    const fake = api(false);
    renderApp('/store');
    const note = (await verifyNote()).closest('[role="status"]') as HTMLElement;
    expect(note).toHaveTextContent('newcomer@example.com');
    expect(await screen.findByRole('button', { name: /^Buy by card\s?: Starter pack$/ })).toBeDisabled();
    await userEvent.click(within(note).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'POST' && call.path === '/api/v1/user/email/resend')).toBe(true));
    expect(await within(note).findByRole('button', { name: 'Link sent to newcomer@example.com' })).toBeDisabled();
  });

  it('/subscription says why and disables subscribing', async () => {
    signInForTest();
    api(false);
    renderApp('/subscription');
    await verifyNote();
    const plan = await screen.findByRole('listitem', { name: 'Gold' });
    expect(within(plan).getByRole('button', { name: /^Subscribe/ })).toBeDisabled();
  });

  it('/airline-mgr, where an airline is created, says so too', async () => {
    signInForTest();
    api(false);
    renderApp('/airline-mgr');
    await verifyNote();
  });

  it('shows no note and lets a verified pilot pay', async () => {
    signInForTest();
    api(true);
    renderApp('/store');
    expect(await screen.findByRole('button', { name: /^Buy by card\s?: Starter pack$/ }, { timeout: 5000 })).toBeEnabled();
    expect(screen.queryByText(/need a verified email address/)).toBeNull();
  });
});
