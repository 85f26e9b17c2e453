import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { MyAirlines } from '../../features/airline-flights/components/my-airlines';
import { MyBookings } from '../../features/airline-flights/components/my-bookings';
import { useCurrentUser } from '../../lib/auth';

/** /flight/virtual-airline: the pilot's airlines, and the planes they have booked. */
export const Component = () => {
  const { t } = useTranslation('airlinePilot');
  const user = useCurrentUser();
  return (
    <Panel title={t('mine.pageTitle')} className="mx-auto max-w-3xl">
      <div className="flex flex-col gap-6">
        <p className="text-sm text-slate-200">{t('mine.intro')}</p>
        {user ? <MyAirlines userId={user.id} /> : <p role="status">{t('common:loading')}</p>}
        <MyBookings />
      </div>
    </Panel>
  );
};
