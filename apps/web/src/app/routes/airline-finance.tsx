import { useTranslation } from 'react-i18next';
import { AirlineFinance } from '../../features/airline-mgr/components/airline-finance';
import { ManagedAirlinePage } from '../../features/airline-mgr/components/managed-airline';

/** /airline-mgr/finance: transactions, profit and loss. */
export const Component = () => {
  const { t } = useTranslation('airlineMgr');
  return <ManagedAirlinePage title={t('nav.finance')}>{(airline) => <AirlineFinance airline={airline} />}</ManagedAirlinePage>;
};
