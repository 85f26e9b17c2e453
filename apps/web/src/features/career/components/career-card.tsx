import { useTranslation } from 'react-i18next';
import { licenceName } from '../../../lib/catalogue-texts';
import type { TCareerLevel } from '@contrail/domain/reference/career-levels';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { Alert } from '../../../components/ui/alert';
import { TextLink } from '../../../components/ui/text-link';
import { useCareerLevels } from '../api/get-career-levels';
import { useLicensesAircrafts, usePilotLicenses } from '../api/get-pilot-licenses';

type CareerUser = Pick<TUserInformation, 'id' | 'level' | 'wallet' | 'careerStarted' | 'displayName' | 'lastLocation'>;

/** The level a pilot holds: the larger of the stored level and the one the XP gives (as the server counts it). */
export const levelOf = (levels: readonly TCareerLevel[], user: Pick<TUserInformation, 'level' | 'wallet'>): TCareerLevel | undefined => {
  const byXp = [...levels].reverse().find((level) => user.wallet.xp >= level.minXp);
  const stored = levels.find((level) => level.level === user.level);
  if (!byXp) return stored;
  return stored && stored.level > byXp.level ? stored : byXp;
};

const CareerLevelSummary = ({ user }: { user: CareerUser }) => {
  const { t, i18n } = useTranslation('career');
  const number = new Intl.NumberFormat(i18n.language);
  const levels = useCareerLevels();
  if (levels.isPending) return <p role="status">{t('common:loading')}</p>;
  if (levels.isError) return <Alert tone="error">{t('card.levelsError')}</Alert>;
  const current = levelOf(levels.data, user);
  if (!current) return null;
  const next = levels.data.find((level) => level.level === current.level + 1);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-lg font-semibold text-white">{t('card.level', { level: current.level, title: t(`titles.${current.value}`) })}</p>
      <p className="text-sm text-slate-200">
        {next
          ? t('card.xpToNext', { xp: number.format(user.wallet.xp), next: next.level, needed: number.format(next.minXp) })
          : t('card.xpMax', { xp: number.format(user.wallet.xp) })}
      </p>
    </div>
  );
};

const HeldLicences = ({ userId }: { userId: string }) => {
  const { t, i18n } = useTranslation('career');
  const held = useLicensesAircrafts(userId);
  if (held.isPending) return <p role="status">{t('common:loading')}</p>;
  if (held.isError) return <Alert tone="error">{t('card.licencesError')}</Alert>;
  if (held.data.length === 0) return <p className="text-sm text-slate-200">{t('card.noLicence')}</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {held.data.map((licence) => (
        <li key={licence.id}>
          <span className="font-semibold text-white">{licence.code}</span> {licenceName(i18n, licence)}
          <span className="block text-xs text-slate-300">{licence.aircraftsIcao.join(', ')}</span>
        </li>
      ))}
    </ul>
  );
};

/** The career card (dashboard): level and title, XP to the next level, licences held, where the pilot is. */
export const CareerCard = ({ user }: { user: CareerUser }) => {
  const { t } = useTranslation('career');
  return (
    <section aria-labelledby="career-card" className="pointer-events-auto flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900 p-5 text-slate-100 shadow-xl">
      <h2 id="career-card" className="text-lg font-semibold text-white">
        {t('card.title')}
      </h2>
      {user.careerStarted ? (
        <p className="text-sm text-slate-200">
          {t('card.pilot', { name: user.displayName ?? '' })}
          {user.lastLocation ? ` · ${t('card.location', { ident: user.lastLocation.ident })}` : ''}
        </p>
      ) : (
        <p className="text-sm text-slate-200">
          {t('card.notStarted')} <TextLink to="/pilot/career">{t('card.start')}</TextLink>
        </p>
      )}
      <CareerLevelSummary user={user} />
      <h3 className="text-sm font-semibold text-white">{t('card.licences')}</h3>
      <HeldLicences userId={user.id} />
      {user.careerStarted ? <TextLink to="/flight/career-mode" className="text-sm">{t('card.careerMode')}</TextLink> : null}
    </section>
  );
};

/** The profile's career section: the career card's figures and every licence, held or to earn. */
export const CareerProfileSection = ({ user }: { user: CareerUser }) => {
  const { t, i18n } = useTranslation('career');
  const all = usePilotLicenses();
  const held = useLicensesAircrafts(user.id);
  const heldIds = new Set(held.data?.map((licence) => licence.id) ?? []);
  return (
    <div className="flex flex-col gap-4">
      <CareerLevelSummary user={user} />
      {all.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : all.isError ? (
        <Alert tone="error">{t('card.licencesError')}</Alert>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold text-white">{t('profile.licences')}</caption>
          <thead className="text-slate-300">
            <tr>
              <th scope="col" className="pr-3 font-medium">{t('profile.code')}</th>
              <th scope="col" className="pr-3 font-medium">{t('profile.name')}</th>
              <th scope="col" className="pr-3 font-medium">{t('profile.aircraft')}</th>
              <th scope="col" className="font-medium">{t('profile.status')}</th>
            </tr>
          </thead>
          <tbody>
            {all.data.map((licence) => (
              <tr key={licence.id} className="border-t border-slate-700 align-top">
                <td className="py-1 pr-3 font-semibold">{licence.code}</td>
                <td className="py-1 pr-3">{licenceName(i18n, licence)}</td>
                <td className="py-1 pr-3 text-xs">{licence.aircraftInformation.map((aircraft) => aircraft.icao).join(', ')}</td>
                <td className="py-1">
                  {heldIds.has(licence.id) ? t('profile.held') : licence.isFree ? t('profile.free') : t('profile.toBuy')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
};
