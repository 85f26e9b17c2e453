import { useTranslation } from 'react-i18next';
import { AirlineStore } from '../../features/airline-mgr/components/airline-store';
import { VerifyToPayNote } from '../../features/auth/components/verify-to-pay-note';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';
import { BoosterPacks } from '../../features/store/components/booster-packs';
import { useCurrentUser } from '../../lib/auth';

/** /airline-mgr/store: booster packs for the airline's wallet, and aircraft and hangars bought with its FlightCoins. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  const user = useCurrentUser();
  return (
    <ManagedAirlinePage title={t('nav.store')}>
      {(airline) =>
        user ? (
          <div className="flex flex-col gap-6">
            <VerifyToPayNote />
            <BoosterPacks userId={user.id} airlineId={airline.id} />
            <AirlineStore airline={airline} userId={user.id} />
          </div>
        ) : null
      }
    </ManagedAirlinePage>
  );
};
