import { describe, expect, it } from 'vitest';
import type { TAirline } from '@contrail/domain/airline/airline-contract';
import { buildAirline, buildUser } from '../../testing/factories';
import { airlineBalanceView, pilotBalanceView } from './shell-airline';

const airline = (overrides: Partial<TAirline> = {}) => buildAirline({ id: 'air-1', balance: 12_500, ...overrides });

describe('the top bar balance', () => {
  const manager = buildUser({ subscriptions: [{ code: 'AIRLINE_MANAGER' }] } as never);
  const lapsed = buildUser({ subscriptions: [] });

  it("shows the pilot's wallet with the boost to the store in pilot mode", () => {
    expect(pilotBalanceView(lapsed)).toEqual({ amountFc: lapsed.wallet.mfc, href: '/wallet', isBoostShown: true, boostHref: '/store' });
  });

  it("shows the airline's balance in airline mode, linked to its finance, with the boost to the airline store", () => {
    expect(airlineBalanceView(airline(), manager)).toEqual({ amountFc: 12_500, href: '/airline-mgr/finance', isBoostShown: true, boostHref: '/airline-mgr/store' });
    // A member cannot see the owner's subscription: only the airline's state decides for them.
    expect(airlineBalanceView(airline({ isOwner: false }), lapsed).isBoostShown).toBe(true);
  });

  it('hides the boost and the link with no airline, a FAILED airline, or an owner without the airline subscription', () => {
    for (const view of [airlineBalanceView(undefined, manager), airlineBalanceView(airline({ state: 'FAILED' }), manager), airlineBalanceView(airline(), lapsed)]) {
      expect(view).toMatchObject({ href: null, isBoostShown: false });
    }
    expect(airlineBalanceView(airline({ state: 'FAILED' }), manager).amountFc).toBe(12_500);
  });

  it('shows nothing to a member, whom the server does not tell the balance', () => {
    expect(airlineBalanceView(airline({ isOwner: false, isAdmin: false, balance: null }), lapsed)).toMatchObject({ amountFc: null, href: null, isBoostShown: false });
  });
});
