import { useTranslation } from 'react-i18next';
import { AirlineItems } from '../../features/airline-mgr/components/airline-items';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';

/** /airline-mgr/items: the airline's aircraft and hangar items, built at a hub. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  return <ManagedAirlinePage title={t('nav.items')}>{(airline) => <AirlineItems airline={airline} />}</ManagedAirlinePage>;
};
