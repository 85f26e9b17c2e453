import { useTranslation } from 'react-i18next';
import { AirlineDashboard } from '../../features/airline-mgr/components/airline-dashboard';
import { AirlineInformation } from '../../features/airline-mgr/components/airline-information';
import { AirlinePlanes } from '../../features/airline-mgr/components/airline-planes';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';

/** /airline-mgr/dashboard: the airline's figures and its fleet. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  return <ManagedAirlinePage title={t('nav.dashboard')}>{(airline) => (
        <div className="flex flex-col gap-6">
          <AirlineDashboard airline={airline} />
          <AirlineInformation airline={airline} />
          <AirlinePlanes airline={airline} />
        </div>
      )}</ManagedAirlinePage>;
};
