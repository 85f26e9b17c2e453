import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { useAirport } from '../../features/airports/api/get-airport';
import type { AirportOption } from '../../features/airports/components/airport-label';
import { AirportSearchField } from '../../features/airports/components/airport-search-field';
import { useAirportDistance } from '../../features/airports/hooks/use-airport-distance';
import { CurrentLocationCard, JumpseatPanel } from '../../features/career/components/career-mode';
import { useCurrentUser } from '../../lib/auth';

const sectionClasses = 'pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6 text-slate-100 shadow-xl';

/** /flight/career-mode: where the pilot is, a flight from there, and the jumpseat to move (cost shown first). */
export const Component = () => {
  const { t } = useTranslation('career');
  const user = useCurrentUser();
  const location = user?.lastLocation?.ident ?? null;
  const here = useAirport(location ?? undefined);
  const [destination, setDestination] = useState<AirportOption | null>(null);
  const distance = useAirportDistance(location ?? undefined, destination?.ident);

  if (user === undefined) {
    return (
      <Panel title={t('mode.title')} className="mx-auto max-w-3xl">
        <p role="status">{t('common:loading')}</p>
      </Panel>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Panel title={t('mode.title')}>
        <p className="text-sm text-slate-200">{t('mode.intro')}</p>
        {!user.careerStarted ? (
          <p className="mt-2 text-sm">
            <TextLink to="/pilot/career">{t('mode.startCareer')}</TextLink>
          </p>
        ) : null}
      </Panel>
      <section aria-labelledby="career-where" className={sectionClasses}>
        <h2 id="career-where" className="mb-3 text-lg font-semibold text-white">
          {t('mode.whereTitle')}
        </h2>
        <CurrentLocationCard ident={location} name={here.data?.name ?? null} />
      </section>
      <section aria-labelledby="career-jumpseat" className={sectionClasses}>
        <h2 id="career-jumpseat" className="mb-1 text-lg font-semibold text-white">
          {t('mode.jumpseatTitle')}
        </h2>
        <p className="mb-3 text-sm text-slate-200">{t('mode.jumpseatIntro')}</p>
        <JumpseatPanel
          fromIdent={location}
          destinationIdent={destination?.ident ?? null}
          distance={distance}
          balanceFc={user.wallet.mfc}
          onDone={() => setDestination(null)}
          destinationField={
            <AirportSearchField label={t('mode.destination')} value={destination} onChange={setDestination} fromIdent={location ?? undefined} />
          }
        />
      </section>
    </div>
  );
};
