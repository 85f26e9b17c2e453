import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { MyMissions } from '../../features/missions/components/my-missions';
import { useAppMode } from '../../lib/app-mode';
import { useCurrentUser } from '../../lib/auth';
import { isPremium } from '../../lib/tiers';

/** /mission: what missions are, the freemium allowance, the pilot's missions and the way to the list. */
export const Component = () => {
  const { t } = useTranslation('missions');
  const user = useCurrentUser();
  const mode = useAppMode();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Panel title={t('title')}>
        <p className="mb-3 text-sm text-slate-200">{t('intro')}</p>
        {user && !isPremium(user, mode) ? (
          <p className="mb-3 text-sm text-slate-200">
            {t('freemium', { count: user.nbFreemiumMissionRemaining })} <TextLink to="/subscription">{t('subscribe')}</TextLink>
          </p>
        ) : null}
        <Link to="/mission/list" className={buttonClasses('primary')}>
          {t('browse')}
        </Link>
      </Panel>
      <section aria-labelledby="my-missions" className="pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6 text-slate-100 shadow-xl">
        <h2 id="my-missions" className="mb-3 text-lg font-semibold text-white">
          {t('mine.title')}
        </h2>
        <MyMissions />
      </section>
    </div>
  );
};
