import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { MyAirlines } from '../../features/airline-flights/components/my-airlines';
import { MyBookings } from '../../features/airline-flights/components/my-bookings';
import { CareerCard } from '../../features/career/components/career-card';
import { PilotCard } from '../../features/career/components/pilot-card';
import { useCurrentUser } from '../../lib/auth';

/** /pilot: the pilot's own page: the pilot card, the career, the airlines and booked planes, the ways to fly. */
export const Component = () => {
  const { t } = useTranslation('career');
  const user = useCurrentUser();
  if (!user) {
    return (
      <Panel title={t('pilotPage.title')} className="mx-auto max-w-3xl">
        <p role="status">{t('common:loading')}</p>
      </Panel>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t('pilotPage.title')}>
        <div className="flex flex-col gap-4">
          <PilotCard userId={user.id} />
          <p className="flex flex-wrap gap-4 text-sm">
            <TextLink to="/flight">{t('pilotPage.fly')}</TextLink>
            <TextLink to="/flight/challenge">{t('pilotPage.challenge')}</TextLink>
            <TextLink to="/flight-log">{t('pilotPage.flightLog')}</TextLink>
            <TextLink to="/profile">{t('pilotPage.profile')}</TextLink>
          </p>
        </div>
      </Panel>
      <CareerCard user={user} />
      <Panel>
        <div className="flex flex-col gap-6">
          <MyAirlines userId={user.id} />
          <MyBookings />
        </div>
      </Panel>
    </div>
  );
};
