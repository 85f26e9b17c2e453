import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInForTest } from '../../../testing/factories';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AffiliationOverview } from './affiliation-overview';

describe('affiliation', () => {
  it('shows the invite link, who signed up and whether each earned the bonus, and the bonus payments', async () => {
    signInForTest();
    const fake = installFakeFetch({
      'GET /api/v1/affiliation/user/user-1': () =>
        json({
          inviteCode: 'MF000001',
          sponsorBonusFc: 500,
          referredBonusFc: 300,
          earnedFc: 500,
          referrals: [
            { userName: 'rookie', signedUpAt: '2026-11-20T10:00:00.000Z', bonusPaidAt: '2026-11-21T10:00:00.000Z' },
            { userName: 'lurker', signedUpAt: '2026-11-22T10:00:00.000Z', bonusPaidAt: null },
          ],
        }),
      'GET /api/v1/wallet/user/user-1/type/MFC/transaction': () =>
        json({
          items: [
            {
              id: 't1',
              description: 'Referral bonus',
              executionDate: '2026-11-21T10:00:00.000Z',
              amount: 500,
              currency: 'MFC',
              agent: null,
              transactionType: 'CREDIT',
              transactionState: 'SUCCESS',
              transactionCategory: { category: 'MF_AFFILIATION_USER', referralUsername: 'rookie' },
            },
          ],
          totalItems: 1,
          totalPages: 1,
        }),
    });
    renderWithProviders(<AffiliationOverview userId="user-1" origin="https://contrail.example" />);
    expect(await screen.findByRole('textbox', { name: 'Invite link' })).toHaveValue('https://contrail.example/register?affiliate=MF000001');
    expect(screen.getByText(/you receive 500 FC and they receive 300 FC/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /rookie .* Paid on 2026-11-21/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /lurker .* Waiting for their first flight/ })).toBeInTheDocument();
    expect(await screen.findByText('2026-11-21: rookie flew their first flight')).toBeInTheDocument();
    const walletCall = fake.calls.find((call) => call.path.startsWith('/api/v1/wallet/'));
    expect(walletCall?.url.searchParams.get('categories')).toBe('MF_AFFILIATION_USER,MF_AFFILIATION_REFERRAL');
  });
});
