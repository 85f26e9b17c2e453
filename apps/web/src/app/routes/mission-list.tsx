import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { careerLevelForXp } from '@contrail/domain/reference/career-levels';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import type { MissionFilters } from '../../features/missions/api/get-missions';
import { MissionFiltersForm } from '../../features/missions/components/mission-filters';
import { MissionList } from '../../features/missions/components/mission-list';
import { useAppMode } from '../../lib/app-mode';
import { useCurrentUser } from '../../lib/auth';
import { isPremium } from '../../lib/tiers';

const TEXT_FILTERS = ['title', 'departureIcao', 'arrivalIcao'] as const;
const NUMBER_FILTERS = ['minDistance', 'maxDistance', 'clRequired'] as const;

/** Filters and page live in the address: a reload or a shared link shows the same missions. */
const readFilters = (params: URLSearchParams): MissionFilters => {
  const filters: MissionFilters = {};
  for (const key of TEXT_FILTERS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  for (const key of NUMBER_FILTERS) {
    const value = Number.parseInt(params.get(key) ?? '', 10);
    if (Number.isInteger(value) && value >= 0) filters[key] = value;
  }
  return filters;
};

const writeParams = (filters: MissionFilters, page: number): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params[key] = String(value);
  if (page > 0) params.page = String(page);
  return params;
};

/** /mission/list: every open mission with every filter of the API, paged, and the way to fly one. */
export const Component = () => {
  const { t } = useTranslation('missions');
  const user = useCurrentUser();
  const mode = useAppMode();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  if (!user) {
    return (
      <Panel title={t('listTitle')} className="mx-auto max-w-5xl">
        <p role="status">{t('common:loading')}</p>
      </Panel>
    );
  }
  // As the server counts it: the larger of the stored level and the level the XP gives.
  const level = Math.max(user.level, careerLevelForXp(user.wallet.xp).level);
  const premium = isPremium(user, mode);
  return (
    <Panel title={t('listTitle')} className="mx-auto flex max-w-5xl flex-col gap-4">
      {!premium ? (
        <p className="text-sm text-slate-200">
          {t('freemium', { count: user.nbFreemiumMissionRemaining })} <TextLink to="/subscription">{t('subscribe')}</TextLink>
        </p>
      ) : null}
      <MissionFiltersForm key={params.toString()} filters={filters} pilotLevel={level} onApply={(next) => setParams(writeParams(next, 0))} />
      <MissionList
        filters={filters}
        page={page}
        onPageChange={(next) => setParams(writeParams(filters, next))}
        pilot={{ level, isPremium: premium, missionsThisMonth: user.nbMissionsCurrentMonth }}
      />
    </Panel>
  );
};
