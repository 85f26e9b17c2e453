import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUserAirline } from '@contrail/domain/airline/airline-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { useManagedAirlines } from '../api/airline-mgr';
import { CreateAirlineForm } from './create-airline-form';
import { SubscriptionGate } from './subscription-gate';

/** The user's airlines sorted by name, "(owner)" appended to the owned one. */
export const sortAirlines = (airlines: readonly TUserAirline[]) => [...airlines].sort((a, b) => a.name.localeCompare(b.name));

/**
 * The airline selection: picks the airline to manage, picks it alone when there
 * is only one, offers creation to a premium manager without an owned airline, and otherwise the
 * subscription or the airline search.
 */
export const AirlineSelection = ({ userId, isPremiumManager, onSelect }: { userId: string; isPremiumManager: boolean; onSelect: (airlineId: string) => void }) => {
  const { t } = useTranslation('airlineMgr');
  const airlines = useManagedAirlines(userId);
  // An owner whose subscription lapsed stays here, before the gate, instead of bouncing off the airline's pages.
  const only = airlines.data?.length === 1 && (isPremiumManager || !airlines.data[0]!.isOwner) ? airlines.data[0] : undefined;
  useEffect(() => {
    if (only) onSelect(only.id);
  }, [only, onSelect]);
  if (airlines.isPending) return <p role="status">{t('common:loading')}</p>;
  if (airlines.isError) return <Alert tone="error">{errorMessage(airlines.error)}</Alert>;
  const ownsOne = airlines.data.some((airline) => airline.isOwner);
  return (
    <div className="flex flex-col gap-6">
      {airlines.data.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('selection.list')}>
          {sortAirlines(airlines.data).map((airline) => (
            <li key={airline.id}>
              <Button variant="secondary" onClick={() => onSelect(airline.id)}>
                {airline.isOwner ? t('selection.owned', { name: airline.name }) : airline.name}
              </Button>
              {airline.grounded ? <p className="mt-1 text-sm text-amber-200">{t('manage.grounding.youAreGrounded', { name: airline.name })}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-200">{t('selection.none')}</p>
      )}
      {!ownsOne && isPremiumManager ? <CreateAirlineForm onCreated={(airline) => onSelect(airline.id)} /> : null}
      {!isPremiumManager ? <SubscriptionGate variant={ownsOne ? 'expired' : 'required'} /> : null}
      <TextLink to="/pilot/airline/search">{t('selection.join')}</TextLink>
    </div>
  );
};
