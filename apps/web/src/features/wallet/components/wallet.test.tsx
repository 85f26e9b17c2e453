import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TWalletTransaction } from '@contrail/domain/wallet/wallet-contract';
import { buildUser, signInForTest } from '../../../testing/factories';
import { installFakeFetch, json, type FakeHandler } from '../../../testing/fake-api';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render';

const transaction = (overrides: Partial<TWalletTransaction> = {}): TWalletTransaction => ({
  id: crypto.randomUUID(),
  description: 'Flight CTR123 EGLL-LFPG',
  executionDate: '2026-03-01T11:05:00.000Z',
  amount: 412,
  currency: 'MFC',
  agent: null,
  transactionType: 'CREDIT',
  transactionState: 'SUCCESS',
  transactionCategory: { category: 'FLIGHT_REVENUE', flightNumber: 'CTR123', departureAirport: 'EGLL', arrivalAirport: 'LFPG' },
  ...overrides,
});

const api = (handlers: Record<string, FakeHandler>) =>
  installFakeFetch({ 'GET /api/v1/user/information': () => json(buildUser({ wallet: { mfc: 1_250, xp: 930, miles: 40 } })), ...handlers });

describe('wallet', () => {
  it('shows the three balances and the FC transactions with their category data, type and state', async () => {
    signInForTest();
    api({
      'GET /api/v1/wallet/user/user-1/type/MFC/transaction': () =>
        json({
          items: [
            transaction(),
            transaction({
              description: 'Jumpseat LFPG-EGLL',
              amount: 50,
              transactionType: 'DEBIT',
              transactionState: 'PLANNED',
              transactionCategory: { category: 'JUMPSEAT', fromIdent: 'LFPG', toIdent: 'EGLL' },
            }),
          ],
          totalItems: 2,
          totalPages: 1,
        }),
    });
    renderApp('/wallet');
    const tabs = await screen.findByRole('tablist', { name: 'Balances' });
    expect(within(tabs).getByRole('tab', { name: /FlightCoins\s*1,250 FC/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: /Experience\s*930 XP/ })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('link', { name: 'What are miles?' })).toHaveAttribute('href', '/help/scoring#miles');
    expect(screen.getByRole('link', { name: 'How FlightCoins, XP and miles are earned' })).toHaveAttribute('href', '/help/scoring#flightcoins');
    const revenue = (await screen.findByText('Flight revenue')).closest('tr')!;
    expect(revenue).toHaveTextContent('Flight CTR123 EGLL → LFPG');
    // The server's own (English) description gives way to the category's words.
    expect(revenue).not.toHaveTextContent('EGLL-LFPG');
    expect(within(revenue).getByText(/\+412 FC/)).toBeInTheDocument();
    expect(within(revenue).getByText('Done')).toBeInTheDocument();
    const jumpseat = screen.getByText('Jumpseat', { selector: 'span' }).closest('tr')!;
    expect(jumpseat).toHaveTextContent('LFPG → EGLL');
    expect(jumpseat).toHaveTextContent('Debit −50 FC');
    expect(within(jumpseat).getByText('Planned')).toBeInTheDocument();
  });

  it("describes each transaction in the pilot's language, not in the server's English", async () => {
    signInForTest();
    api({
      'GET /api/v1/wallet/user/user-1/type/MFC/transaction': () =>
        json({
          items: [
            transaction({ description: 'Referral bonus: invited by Ada', transactionCategory: { category: 'MF_AFFILIATION_REFERRAL', username: 'Ada' } }),
            transaction({ description: 'Something the web has no words for', transactionCategory: { category: 'UNKNOWN' } }),
          ],
          totalItems: 2,
          totalPages: 1,
        }),
    });
    await changeLanguage('fr');
    try {
      renderApp('/wallet');
      const sponsor = (await screen.findByText('Invité par Ada')).closest('tr')!;
      expect(sponsor).not.toHaveTextContent('Referral bonus');
      expect(screen.getByText('Something the web has no words for')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('switches to the XP transactions and pages with page and page_size', async () => {
    signInForTest();
    const fake = api({
      'GET /api/v1/wallet/user/user-1/type/MFC/transaction': () => json({ items: [transaction()], totalItems: 1, totalPages: 1 }),
      'GET /api/v1/wallet/user/user-1/type/XP/transaction': ({ url }) =>
        json({
          items: [
            transaction({
              currency: 'XP',
              amount: 100 + Number(url.searchParams.get('page')),
              description: `xp page ${url.searchParams.get('page')}`,
              transactionCategory: { category: 'UNKNOWN' },
            }),
          ],
          totalItems: 15,
          totalPages: 2,
        }),
    });
    renderApp('/wallet');
    await userEvent.click(await screen.findByRole('tab', { name: /Experience/ }));
    expect(await screen.findByText('xp page 0')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Experience transactions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('xp page 1')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const last = fake.calls.filter((call) => call.path.includes('/type/XP/')).at(-1)!;
    expect(last.url.searchParams.get('page')).toBe('1');
    expect(last.url.searchParams.get('page_size')).toBe('10');
  });

  it('says when there is no transaction, and when they cannot be loaded', async () => {
    signInForTest();
    api({
      'GET /api/v1/wallet/user/user-1/type/MFC/transaction': () => json({ items: [], totalItems: 0, totalPages: 0 }),
      'GET /api/v1/wallet/user/user-1/type/MILES/transaction': () => json({ success: false, message: 'no', errorCode: 'FORBIDDEN' }, 403),
    });
    renderApp('/wallet');
    expect(await screen.findByText('No transaction yet.')).toBeInTheDocument();
    // Miles say what they are and how they are earned, not a bare number.
    expect(screen.getByRole('tab', { name: /Miles/ })).toHaveTextContent(/Loyalty miles come from store bonuses/);
    await userEvent.click(screen.getByRole('tab', { name: /Miles/ }));
    await waitFor(() => expect(screen.getByText('The transactions could not be loaded.')).toBeInTheDocument());
  });
});
