import { useMemo } from 'react';
import type { TAirline } from '@contrail/domain/airline/airline-contract';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { useMyAirlines } from '../../features/airline-flights/api/airline-flights';
import { useAirline } from '../../features/airline-mgr/api/airline-mgr';
import { useCurrentAirlineId } from '../../features/airline-mgr/lib/current-airline';
import type { AppMode } from '../../lib/app-mode';
import { isPremium } from '../../lib/tiers';

/** What the top bar's balance shows and where it leads (the product's "Balance" item); no amount: nothing shows. */
export type BalanceView = { amountFc: number | null; href: string | null; isBoostShown: boolean; boostHref: string };

/**
 * Airline mode: the airline's FC, linked to its finance, with the boost to the airline store,
 * both only while the airline can spend (it exists, is not FAILED, and its owner has the airline
 * subscription; a member cannot see the owner's subscription, so only the owner's own lapse hides them).
 * A member is not told the airline's balance, so nothing shows for them.
 */
export const airlineBalanceView = (airline: TAirline | undefined, user: TUserInformation): BalanceView => {
  const canSpend = airline !== undefined && airline.balance !== null && airline.state !== 'FAILED' && (!airline.isOwner || isPremium(user, 'airline_manager'));
  return {
    amountFc: airline === undefined ? 0 : airline.balance,
    href: canSpend ? '/airline-mgr/finance' : null,
    isBoostShown: canSpend,
    boostHref: '/airline-mgr/store',
  };
};

export const pilotBalanceView = (user: TUserInformation): BalanceView => ({ amountFc: user.wallet.mfc, href: '/wallet', isBoostShown: true, boostHref: '/store' });

/** The balance of the current mode: the pilot's wallet, or the airline the manager works on. */
export const useShellBalance = (mode: AppMode, user: TUserInformation): BalanceView => {
  const airlineId = useCurrentAirlineId();
  const airline = useAirline(mode === 'airline_manager' && airlineId ? airlineId : '');
  return mode === 'airline_manager' ? airlineBalanceView(airlineId ? airline.data : undefined, user) : pilotBalanceView(user);
};

const NONE: readonly string[] = [];

/** The airlines whose hubs and planes the live map shows: the one being managed, or every airline the pilot flies for. */
export const useMapAirlineIds = (mode: AppMode, userId: string | undefined): readonly string[] => {
  const current = useCurrentAirlineId();
  const mine = useMyAirlines(mode === 'pilot' && userId ? userId : '');
  const pilotIds = mine.data;
  return useMemo(() => {
    if (mode === 'airline_manager') return current ? [current] : NONE;
    return pilotIds && pilotIds.length > 0 ? pilotIds.map((airline) => airline.id) : NONE;
  }, [mode, current, pilotIds]);
};
