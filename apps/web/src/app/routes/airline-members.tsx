import { useTranslation } from 'react-i18next';
import { AirlineMembers } from '../../features/airline-mgr/components/airline-members';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';

/** /airline-mgr/member: members and applicants. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  return <ManagedAirlinePage title={t('nav.members')}>{(airline) => <AirlineMembers airline={airline} />}</ManagedAirlinePage>;
};
