import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBoosterPack, TStoreItem, TSubscription } from '@contrail/domain/store/store-contract';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json, type FakeHandler } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';
import { checkoutNavigator } from '../api/open-checkout';

const item = (overrides: Partial<TStoreItem> = {}): TStoreItem => ({
  id: crypto.randomUUID(),
  categoryId: 'cat-1',
  categoryName: 'Boosters',
  currencySymbol: 'FC',
  currency: 'MFC',
  description: '1,000 miles at once.',
  stock: null,
  media: null,
  name: 'Miles booster',
  price: 1_500,
  typeName: 'MILES_BOOSTER',
  planeCategory: null,
  aircraftIcao: null,
  hangarSize: null,
  rarity: null,
  badgeCode: null,
  xMilesFixedBonus: 1_000,
  milesPerDayBonus: 0,
  milesPerFlightHourBonus: 0,
  bonusDays: 0,
  isActive: true,
  ...overrides,
});
const pack: TBoosterPack = { id: 'pack-1', name: 'Starter pack', description: '5,000 FC', type: 'pack', fcAmount: 5_000, price: 499, currency: 'EUR', photo: null };
const plan = (code: TSubscription['code'], type: TSubscription['type'], price: number, savingPercent = 0): TSubscription => ({
  id: `${code}-${type}`,
  code,
  type,
  price,
  currency: 'EUR',
  savingPercent,
});

const booster = item();
const founder = item({ name: 'Founder badge', currency: 'EUR', currencySymbol: '€', price: 299, typeName: 'COSMETIC', stock: 3 });
const caravan = item({ name: 'Cessna 208', typeName: 'AIRCRAFT', aircraftIcao: 'C208', planeCategory: 'SMALL_HAUL', price: 12_000 });

const api = (handlers: Record<string, FakeHandler> = {}, user = buildUser()) =>
  installFakeFetch({
    'GET /api/v1/user/information': () => json(user),
    'GET /api/v1/item-category/active': () => json([{ id: 'cat-1', name: 'Boosters' }]),
    'GET /api/v1/item': () => json({ items: [booster, founder, caravan], totalItems: 3, totalPages: 1 }),
    'GET /api/v1/pack': () => json([pack]),
    'GET /api/v1/subscription': () =>
      json([plan('GOLD', 'MONTHLY', 499), plan('GOLD', 'ANNUAL', 4_790, 20), plan('GOLD', 'FOREVER', 12_900), plan('AIRLINE_MANAGER', 'MONTHLY', 799)]),
    ...handlers,
  });

describe('store', () => {
  afterEach(() => vi.restoreAllMocks());

  it('buys cart items with FC and points to the inventory; airline items are not added here', async () => {
    signInForTest();
    const fake = api({ 'POST /api/v1/order/user/user-1': () => json({ orderId: 'o1', state: 'PAID', totalFc: 3_000, totalCents: 0, checkout: null }) });
    renderApp('/store');
    const card = await screen.findByRole('listitem', { name: 'Miles booster' }, { timeout: 5000 });
    await userEvent.click(within(card).getByRole('button', { name: /^Add to cart\s?: Miles booster$/ }));
    await userEvent.click(within(card).getByRole('button', { name: /^Add to cart\s?: Miles booster$/ }));
    expect(within(screen.getByRole('listitem', { name: 'Cessna 208' })).queryByRole('button')).toBeNull();
    const cart = screen.getByRole('region', { name: 'Cart' });
    expect(cart).toHaveTextContent('Miles booster × 2');
    expect(cart).toHaveTextContent('3,000 FC');
    await userEvent.click(within(cart).getByRole('button', { name: 'Pay with my FlightCoins' }));
    expect(await within(cart).findByText(/Bought!/)).toBeInTheDocument();
    const order = fake.calls.find((c) => c.method === 'POST');
    expect(order?.body).toEqual({ items: [{ itemId: booster.id, quantity: 2 }], payment: { type: 'WALLET' }, context: 'pilot' });
  });

  it('refuses a mixed cart and opens the card checkout for a booster pack', async () => {
    signInForTest();
    const assign = vi.spyOn(checkoutNavigator, 'assign').mockImplementation(() => undefined);
    const fake = api({
      'POST /api/v1/order/user/user-1': () =>
        json({ orderId: 'o2', state: 'PENDING', totalFc: 0, totalCents: 499, checkout: { sessionId: 'cs_1', sessionUrl: '/api/sandbox/checkout/cs_1', clientSecret: null } }),
    });
    renderApp('/store');
    await userEvent.click(await screen.findByRole('button', { name: /^Add to cart\s?: Miles booster$/ }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: /^Add to cart\s?: Founder badge$/ }));
    expect(screen.getByRole('region', { name: 'Cart' })).toHaveTextContent(/bought separately/);
    expect(screen.getByRole('button', { name: 'Pay with my FlightCoins' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /^Buy by card\s?: Starter pack$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/sandbox/checkout/cs_1'));
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'PACK', payment: { type: 'CARD' } });
  });
});

describe('pricing and payment pages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the annual saving and subscribes to GOLD through the card checkout', async () => {
    signInForTest();
    const assign = vi.spyOn(checkoutNavigator, 'assign').mockImplementation(() => undefined);
    api({ 'POST /api/v1/user-subscription/user/user-1': () => json({ sessionId: 'cs_2', sessionUrl: '/api/sandbox/checkout/cs_2', clientSecret: null }) });
    renderApp('/subscription');
    await userEvent.click(await screen.findByRole('radio', { name: /Annual \(save up to 20%\)/ }, { timeout: 5000 }));
    const gold = await screen.findByRole('listitem', { name: 'Gold' });
    expect(gold).toHaveTextContent('€47.90');
    expect(gold).toHaveTextContent('You save 20% against paying monthly');
    expect(screen.queryByRole('listitem', { name: 'Airline manager' })).toBeNull();
    // The tier rules are said before the plans: what freemium keeps, what GOLD opens, that flights stay saved.
    const tiers = screen.getByRole('region', { name: 'What each pilot tier gets' });
    expect(tiers).toHaveTextContent('the flight log opens your 3 most recent flights and any flight held for review');
    expect(tiers).toHaveTextContent('Your whole flight log');
    expect(tiers).toHaveTextContent("Every flight you fly is saved on Contrail's server whatever your tier");
    await userEvent.click(within(gold).getByRole('button', { name: /^Subscribe\s?: Gold, Annual$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/sandbox/checkout/cs_2'));
  });

  it('shows the airline manager plan under /airline-mgr/subscription and the current plan once held', async () => {
    signInForTest();
    api({}, buildUser({ subscriptions: [{ code: 'AIRLINE_MANAGER', endDate: null }] }));
    renderApp('/airline-mgr/subscription');
    const manager = await screen.findByRole('listitem', { name: 'Airline manager' }, { timeout: 5000 });
    expect(manager).toHaveTextContent('Your current plan');
    expect(screen.getByRole('button', { name: 'Manage my subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What each pilot tier gets' })).toBeNull();
  });

  it('/stripe thanks when complete, explains when expired; /payment-error says nothing was charged', async () => {
    signInForTest();
    api({
      'GET /api/v1/stripe/session/cs_done/status': () => json({ status: 'complete', paymentStatus: 'paid', purpose: 'ORDER' }),
      'GET /api/v1/stripe/session/cs_old/status': () => json({ status: 'expired', paymentStatus: 'unpaid', purpose: 'ORDER' }),
    });
    const { unmount } = renderApp('/stripe?sessionId=cs_done');
    expect(await screen.findByText(/Your payment went through/)).toBeInTheDocument();
    unmount();
    const second = renderApp('/stripe?sessionId=cs_old');
    expect(await screen.findByText(/has expired and nothing was charged/)).toBeInTheDocument();
    second.unmount();
    renderApp('/payment-error?sessionId=cs_x&reason=card_declined');
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
  });
});

describe('item page', () => {
  it('shows the item details and buys a quantity with FC', async () => {
    signInForTest();
    const fake = api({
      [`GET /api/v1/item/${booster.id}`]: () => json(booster),
      'POST /api/v1/order/user/user-1': () => json({ orderId: 'o3', state: 'PAID', totalFc: 4_500, totalCents: 0, checkout: null }),
    });
    renderApp(`/store/${booster.id}`);
    const article = await screen.findByRole('article', { name: 'Miles booster' }, { timeout: 5000 });
    expect(article).toHaveTextContent('Miles at once1,000');
    fireEvent.change(within(article).getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '3' } });
    await userEvent.click(within(article).getByRole('button', { name: 'Pay with my FlightCoins' }));
    expect(await within(article).findByText(/Bought!/)).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ items: [{ itemId: booster.id, quantity: 3 }], payment: { type: 'WALLET' } });
  });
});
