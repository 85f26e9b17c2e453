import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAirline } from '../../features/airline-mgr/components/airline-failure';
import { AirlineConfiguration } from '../../features/airline-mgr/components/airline-configuration';
import { AirlineCosts } from '../../features/airline-mgr/components/airline-costs';
import { AirlineMft } from '../../features/airline-mgr/components/airline-mft';
import { AirlineHangars } from '../../features/airline-mgr/components/airline-hangars';
import { AirlineHubs } from '../../features/airline-mgr/components/airline-hubs';
import { AirlineRanks } from '../../features/airline-mgr/components/airline-ranks';
import { AirlineTrafficRights } from '../../features/airline-mgr/components/airline-traffic-rights';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';
import { currentAirline } from '../../features/airline-mgr/lib/current-airline';

/** /airline-mgr/configuration: hubs, hangars, traffic rights, ranks, recruitment and routes; the owner may delete the airline. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  const navigate = useNavigate();
  return (
    <ManagedAirlinePage title={t('nav.configuration')}>
      {(airline) => (
        <div className="flex flex-col gap-6">
          <AirlineCosts airline={airline} />
          <AirlineHubs airline={airline} />
          <AirlineHangars airline={airline} />
          <AirlineTrafficRights airline={airline} />
          <AirlineRanks airline={airline} />
          <AirlineConfiguration airline={airline} />
          <AirlineMft airline={airline} />
          {airline.isOwner ? (
            <DeleteAirline
              airline={airline}
              onDeleted={() => {
                currentAirline.set(null);
                void navigate('/airline-mgr');
              }}
            />
          ) : null}
        </div>
      )}
    </ManagedAirlinePage>
  );
};
