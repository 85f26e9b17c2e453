import { useTranslation } from 'react-i18next';
import { missionText } from '../../../lib/catalogue-texts';
import { Link } from 'react-router';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { checkMissionStart, type MissionStartProblem } from '@contrail/domain/mission/mission-rules';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { useMissions, type MissionFilters } from '../api/get-missions';

export const MISSION_PAGE_SIZE = 10;

/** What the list needs to know about the pilot to say whether a mission can be started. */
export type MissionPilot = { level: number; isPremium: boolean; missionsThisMonth: number };

const pad = (value: number) => String(value).padStart(2, '0');
const formatUtcDate = (iso: string) => {
  const date = new Date(iso);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}Z`;
};

/** Why the pilot cannot start this mission (freemium limit, career level, closed), in words. */
const Refusal = ({ problem, mission, pilot }: { problem: MissionStartProblem; mission: TMission; pilot: MissionPilot }) => {
  const { t } = useTranslation('missions');
  switch (problem.reason) {
    case 'CAREER_LEVEL_TOO_LOW':
      return <Alert tone="warning">{t('start.careerLevel', { required: mission.CLRequired, level: pilot.level })}</Alert>;
    case 'FREEMIUM_MISSION_LIMIT':
      return (
        <Alert tone="warning">
          {t('start.freemiumLimit')} <TextLink to="/subscription">{t('start.subscribe')}</TextLink>
        </Alert>
      );
    case 'MISSION_NOT_OPEN':
      return <Alert tone="info">{t('start.notOpen')}</Alert>;
  }
};

export const MissionCard = ({ mission, pilot, now }: { mission: TMission; pilot: MissionPilot; now: Date }) => {
  const { t, i18n } = useTranslation('missions');
  const number = new Intl.NumberFormat(i18n.language);
  const problem = checkMissionStart({
    mission: { CLRequired: mission.CLRequired, startDate: new Date(mission.startDate), endDate: new Date(mission.endDate) },
    now,
    pilotLevel: pilot.level,
    isPremium: pilot.isPremium,
    missionsThisMonth: pilot.missionsThisMonth,
  });
  const headingId = `mission-${mission.id}`;
  const text = missionText(i18n, mission);
  const cargoKg = mission.cargos.reduce((total, cargo) => total + cargo.weight * cargo.quantity, 0);
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-800 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={headingId} className="text-base font-semibold text-white">
              {text.title}
            </h3>
            <p className="text-sm text-slate-200">
              {t('card.route', { flightNumber: mission.flightNumber, from: mission.departureAirport.ident, to: mission.arrivalAirport.ident })}
              {mission.departureAirport.name || mission.arrivalAirport.name ? (
                <span className="text-slate-300"> · {[mission.departureAirport.name, mission.arrivalAirport.name].filter(Boolean).join(' → ')}</span>
              ) : null}
            </p>
          </div>
          <span className="rounded border border-sky-400 px-2 py-0.5 text-xs text-sky-100">{t(`types.${mission.missionType}`)}</span>
        </div>
        {text.description ? <p className="text-sm text-slate-200">{text.description}</p> : null}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm md:grid-cols-4">
          <div><dt className="text-slate-300">{t('card.distance')}</dt><dd>{t('card.nm', { value: number.format(mission.distanceNm) })}</dd></div>
          <div><dt className="text-slate-300">{t('card.level')}</dt><dd>{number.format(mission.CLRequired)}</dd></div>
          <div><dt className="text-slate-300">{t('card.load')}</dt><dd>{t('card.loadValue', { pax: number.format(mission.pax), cargo: number.format(cargoKg) })}</dd></div>
          <div><dt className="text-slate-300">{t('card.bonus')}</dt><dd>{t('card.bonusValue', { fc: number.format(mission.fcBonus), xp: number.format(mission.xpBonus) })}</dd></div>
          <div><dt className="text-slate-300">{t('card.aircraft')}</dt><dd>{t(`categories.${mission.aircraftCategory}`)}</dd></div>
          <div className="col-span-2 md:col-span-3"><dt className="text-slate-300">{t('card.window')}</dt><dd>{t('card.windowValue', { start: formatUtcDate(mission.startDate), end: formatUtcDate(mission.endDate) })}</dd></div>
        </dl>
        {problem ? (
          <Refusal problem={problem} mission={mission} pilot={pilot} />
        ) : (
          <Link
            to={`/flight/configuration?missionId=${encodeURIComponent(mission.id)}`}
            className={buttonClasses('primary', 'self-start')}
            aria-label={t('start.flyLabel', { title: text.title })}
          >
            {t('start.fly')}
          </Link>
        )}
      </article>
    </li>
  );
};

type MissionListProps = {
  filters: MissionFilters;
  page: number;
  onPageChange: (page: number) => void;
  pilot: MissionPilot;
  now?: Date;
};

/** The missions open now that match the filters, paged (limit and skip). */
export const MissionList = ({ filters, page, onPageChange, pilot, now = new Date() }: MissionListProps) => {
  const { t } = useTranslation('missions');
  const missions = useMissions(filters, page, MISSION_PAGE_SIZE);
  if (missions.isPending) return <p role="status">{t('common:loading')}</p>;
  if (missions.isError) {
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        <span>{t('list.loadError')}</span>
        <Button variant="secondary" onClick={() => void missions.refetch()}>
          {t('list.retry')}
        </Button>
      </Alert>
    );
  }
  const { data, total } = missions.data;
  const totalPages = Math.max(1, Math.ceil(total / MISSION_PAGE_SIZE));
  if (data.length === 0) return <p className="text-sm text-slate-200">{t('list.empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-200" aria-live="polite">
        {t('list.count', { count: total })}
      </p>
      <ul className="flex flex-col gap-3">
        {data.map((mission) => (
          <MissionCard key={mission.id} mission={mission} pilot={pilot} now={now} />
        ))}
      </ul>
      <nav aria-label={t('list.pagination')} className="flex items-center justify-between gap-2">
        <Button variant="secondary" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          {t('list.previous')}
        </Button>
        <span className="text-sm">{t('list.pageOf', { page: page + 1, total: totalPages })}</span>
        <Button variant="secondary" disabled={page + 1 >= totalPages} onClick={() => onPageChange(page + 1)}>
          {t('list.next')}
        </Button>
      </nav>
    </div>
  );
};
