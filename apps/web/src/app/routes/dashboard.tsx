import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { CareerCard } from '../../features/career/components/career-card';
import { HoursCard, LevelProgressCard, NextRemunerationCard, RecentFlightsCard } from '../../features/dashboard/components/dashboard-cards';
import { useCurrentUser } from '../../lib/auth';

/** /dashboard: recent flights, hours, level progress, next remuneration, and the career card. */
export const Component = () => {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  if (!user) {
    return (
      <Panel title={t('title')} className="mx-auto max-w-5xl">
        <p role="status">{t('common:loading')}</p>
      </Panel>
    );
  }
  // "Welcome back" only to a pilot who has flown: counted in flights, as a flight can log 0.0 h.
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Panel title={t('title')}>
        <p className="text-sm text-slate-200">{t(user.numberOfFlight > 0 ? 'greeting' : 'greetingNew', { name: user.displayName ?? user.userName })}</p>
      </Panel>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <RecentFlightsCard userId={user.id} />
        <div className="flex flex-col gap-4">
          <LevelProgressCard user={user} />
          <HoursCard user={user} />
          <NextRemunerationCard nextRemuneration={user.nextRemuneration} />
        </div>
        <CareerCard user={user} />
      </div>
    </div>
  );
};
