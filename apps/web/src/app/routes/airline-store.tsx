import { useTranslation } from 'react-i18next';
import { AirlineStore } from '../../features/airline-mgr/components/airline-store';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';
import { useCurrentUser } from '../../lib/auth';

/** /airline-mgr/store: aircraft and hangars bought with the airline's FlightCoins. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  const user = useCurrentUser();
  return <ManagedAirlinePage title={t('nav.store')}>{(airline) => (user ? <AirlineStore airline={airline} userId={user.id} /> : null)}</ManagedAirlinePage>;
};
