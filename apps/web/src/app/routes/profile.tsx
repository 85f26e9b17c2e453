import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select';
import { Panel } from '../../components/ui/panel';
import { CareerProfileSection } from '../../features/career/components/career-card';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { FlightTimesCard } from '../../features/profile/components/flight-times-card';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { PhpvmsApiKeys } from '../../features/profile/components/phpvms-api-keys';
import { SignOutEverywhere } from '../../features/profile/components/sign-out-everywhere';
import { SimulationForm } from '../../features/profile/components/simulation-form';
import { useCurrentUser } from '../../lib/auth';

export const Component = () => {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  if (user === undefined) {
    return (
      <Panel className="mx-auto max-w-3xl">
        <p role="status">{t('common:loading')}</p>
      </Panel>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t('title')}>
        <ProfileForm user={user} />
      </Panel>
      <section aria-labelledby="profile-simulation" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6">
        <h2 id="profile-simulation" className="mb-4 text-lg font-semibold text-white">{t('simulation.title')}</h2>
        <SimulationForm user={user} />
      </section>
      <section aria-labelledby="profile-password" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6">
        <h2 id="profile-password" className="mb-4 text-lg font-semibold text-white">{t('password.title')}</h2>
        <ChangePasswordForm userId={user.id} />
      </section>
      <section aria-labelledby="profile-sessions" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6">
        <h2 id="profile-sessions" className="mb-4 text-lg font-semibold text-white">{t('signOutEverywhere.title')}</h2>
        <SignOutEverywhere />
      </section>
      <section aria-labelledby="profile-phpvms" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6">
        <h2 id="profile-phpvms" className="mb-4 text-lg font-semibold text-white">{t('phpvms.title')}</h2>
        <PhpvmsApiKeys />
      </section>
      <section aria-labelledby="profile-preferences" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6">
        <h2 id="profile-preferences" className="mb-4 text-lg font-semibold text-white">{t('preferences.title')}</h2>
        <LanguageSelect />
      </section>
      <section aria-labelledby="profile-career" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6">
        <h2 id="profile-career" className="mb-4 text-lg font-semibold text-white">{t('career:profile.title')}</h2>
        <CareerProfileSection user={user} />
      </section>
      <section aria-labelledby="profile-flight-times" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6">
        <h2 id="profile-flight-times" className="mb-4 text-lg font-semibold text-white">{t('flightTimes.title')}</h2>
        <FlightTimesCard userId={user.id} />
      </section>
    </div>
  );
};
