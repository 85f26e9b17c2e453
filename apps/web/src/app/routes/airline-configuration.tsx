import { useTranslation } from 'react-i18next';
import { AirlineConfiguration } from '../../features/airline-mgr/components/airline-configuration';
import { AirlineHubs } from '../../features/airline-mgr/components/airline-hubs';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';

/** /airline-mgr/configuration: hubs, recruitment and routes. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  return <ManagedAirlinePage title={t('nav.configuration')}>{(airline) => (
        <div className="flex flex-col gap-6">
          <AirlineHubs airline={airline} />
          <AirlineConfiguration airline={airline} />
        </div>
      )}</ManagedAirlinePage>;
};
