import { useTranslation } from 'react-i18next';
import { AirlineConfiguration } from '../../features/airline-mgr/components/airline-configuration';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';

/** /airline-mgr/configuration: recruitment and routes. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  return <ManagedAirlinePage title={t('nav.configuration')}>{(airline) => <AirlineConfiguration airline={airline} />}</ManagedAirlinePage>;
};
