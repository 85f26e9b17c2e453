import { useTranslation } from 'react-i18next';
import { AirlineDashboard } from '../../features/airline-mgr/components/airline-dashboard';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';

/** /airline-mgr/dashboard. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  return <ManagedAirlinePage title={t('nav.dashboard')}>{(airline) => <AirlineDashboard airline={airline} />}</ManagedAirlinePage>;
};
