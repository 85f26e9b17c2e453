import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFlightLogSummary } from '@contrail/domain/flight-api/flight-log-contract';
import { FREEMIUM_OPEN_LOGS } from '@contrail/domain/flight-api/pilot-tier';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TextLink } from '../../../components/ui/text-link';
import { useFlightLogs } from '../api/get-flight-logs';
import { formatDuration, formatUtcDateTime } from '../lib/format';

export const FLIGHT_LOG_PAGE_SIZE = 10;
/** The server's rule (docs/decisions/0047-pilot-tier-rules.md): a freemium pilot opens their newest logs and held ones. */
export { FREEMIUM_OPEN_LOGS };

export type FlightLogView = 'simple' | 'detailed';
export type FlightLogBookState = { search: string; page: number; view: FlightLogView; showStats: boolean };

type FlightLogBookProps = {
  userId: string;
  isPremium: boolean;
  /** The pilot's totals from their User (all flights). */
  totals: { flightHours: number; numberOfFlight: number };
  state: FlightLogBookState;
  onStateChange: (next: FlightLogBookState) => void;
};

const LockIcon = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true" className="h-4 w-4" fill="currentColor">
    <path d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
  </svg>
);

/** The premium banner ("flight log access is premium") with the way to subscribe. */
export const PremiumLockNotice = () => {
  const { t } = useTranslation('flightLog');
  return (
    <Alert tone="warning" className="flex flex-wrap items-center gap-2">
      <LockIcon />
      <span>{t('premium.notice', { count: FREEMIUM_OPEN_LOGS })}</span>
      <TextLink to="/subscription" className="font-semibold text-amber-100">
        {t('premium.subscribe')}
      </TextLink>
    </Alert>
  );
};

const Statistics = ({ items, totalItems, totals }: { items: TFlightLogSummary[]; totalItems: number; totals: FlightLogBookProps['totals'] }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const sum = (pick: (item: TFlightLogSummary) => number) => items.reduce((total, item) => total + pick(item), 0);
  const figures: [string, string][] = [
    [t('stats.totalFlights'), number.format(Math.max(totals.numberOfFlight, totalItems))],
    [t('stats.totalHours'), number.format(totals.flightHours)],
    [t('stats.pageHours'), formatDuration(sum((item) => item.flightDurationSeconds))],
    [t('stats.pageDistance'), t('units.nm', { value: number.format(sum((item) => item.distanceNm)) })],
    [t('stats.pageFc'), t('units.fc', { value: number.format(sum((item) => item.flightCoinAmount)) })],
    [t('stats.pageXp'), t('units.xp', { value: number.format(sum((item) => item.xp)) })],
    [t('stats.pageArrived'), `${number.format(items.filter((item) => item.isArrived).length)} / ${number.format(items.length)}`],
  ];
  return (
    <section aria-labelledby="flight-log-stats" className="rounded-lg border border-slate-700 bg-slate-800 p-4">
      <h2 id="flight-log-stats" className="mb-2 text-base font-semibold text-white">
        {t('stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm md:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-slate-300">{label}</dt>
            <dd className="font-semibold text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};

const LogRow = ({ item, view }: { item: TFlightLogSummary; view: FlightLogView }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language);
  const route = `${item.departureAirport.ident} → ${item.arrivalAirport.ident}`;
  return (
    <tr className="border-t border-slate-700">
      <td className="py-2 pr-3 whitespace-nowrap">{formatUtcDateTime(item.endDate)}</td>
      <td className="py-2 pr-3">
        <span className="font-semibold">{item.flightNumber}</span>
        {/* An accepted flight is the usual case: only the others carry a mark. */}
        {item.reviewStatus !== 'accepted' ? <ReviewStatusBadge status={item.reviewStatus} className="ml-2" /> : null}
        {item.practice ? <ReviewStatusBadge status="practice" className="ml-2" /> : null}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">{route}</td>
      <td className="py-2 pr-3">{item.aircraftIcao}</td>
      {view === 'detailed' ? (
        <>
          <td className="py-2 pr-3">{t(`types.${item.type}`)}</td>
          <td className="py-2 pr-3 whitespace-nowrap">{formatDuration(item.flightDurationSeconds)}</td>
          <td className="py-2 pr-3 whitespace-nowrap">{t('units.nm', { value: number.format(item.distanceNm) })}</td>
          <td className="py-2 pr-3 whitespace-nowrap">{t('units.xp', { value: number.format(item.xp) })}</td>
          <td className="py-2 pr-3">{item.isArrived ? t('list.arrived') : t('list.notArrived')}</td>
          <td className="py-2 pr-3">{t(`ledger.${item.ledgerState}`)}</td>
        </>
      ) : null}
      <td className="py-2 pr-3 whitespace-nowrap">{t('units.fc', { value: number.format(item.flightCoinAmount) })}</td>
      <td className="py-2">
        {item.locked ? (
          <span className="inline-flex items-center gap-1 text-amber-200" title={t('list.lockedHint')}>
            <LockIcon />
            {t('list.locked')}
          </span>
        ) : (
          <TextLink to={`/flight-log/${item.id}`} aria-label={t('list.openLabel', { flightNumber: item.flightNumber, route })}>
            {t('list.open')}
          </TextLink>
        )}
      </td>
    </tr>
  );
};

/**
 * The flight log book: simple or detailed view, a statistics toggle, search and
 * pages. Freemium pilots see every log listed but open only their most recent ones.
 */
export const FlightLogBook = ({ userId, isPremium, totals, state, onStateChange }: FlightLogBookProps) => {
  const { t } = useTranslation('flightLog');
  const searchId = useId();
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);
  const logs = useFlightLogs(userId, { search: state.search, page: state.page, size: FLIGHT_LOG_PAGE_SIZE });

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    onStateChange({ ...state, search: searchText.trim(), page: 0 });
  };
  const data = logs.data;
  const totalPages = data?.totalPages ?? 0;

  return (
    <div className="flex flex-col gap-4">
      {!isPremium ? <PremiumLockNotice /> : null}
      <div className="flex flex-wrap items-end gap-4">
        <form role="search" onSubmit={submitSearch} className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium text-slate-100">
              {t('list.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              value={searchText}
              maxLength={40}
              placeholder={t('list.searchPlaceholder')}
              onChange={(event) => setSearchText(event.target.value)}
              className="rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-sm text-slate-50 placeholder:text-slate-400"
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('list.search')}
          </Button>
        </form>
        <div role="group" aria-label={t('list.viewLabel')} className="flex gap-1">
          {(['simple', 'detailed'] as const).map((view) => (
            <Button
              key={view}
              variant={state.view === view ? 'primary' : 'secondary'}
              aria-pressed={state.view === view}
              onClick={() => onStateChange({ ...state, view })}
            >
              {t(`list.view.${view}`)}
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={state.showStats}
            onChange={(event) => onStateChange({ ...state, showStats: event.target.checked })}
            className="h-4 w-4"
          />
          {t('list.showStats')}
        </label>
      </div>

      {logs.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : logs.isError ? (
        <Alert tone="error" className="flex items-center justify-between gap-2">
          <span>{t('list.loadError')}</span>
          <Button variant="secondary" onClick={() => void logs.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : data && data.items.length === 0 ? (
        <p className="text-sm text-slate-200">
          {state.search ? t('list.noMatch', { search: state.search }) : t('list.empty')}{' '}
          {state.search ? null : <TextLink to="/flight/type-selection">{t('list.startFlight')}</TextLink>}
        </p>
      ) : data ? (
        <>
          {state.showStats ? <Statistics items={data.items} totalItems={data.totalItems} totals={totals} /> : null}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('list.caption', { count: data.totalItems })}</caption>
              <thead className="text-slate-300">
                <tr>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.date')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.flight')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.route')}</th>
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.aircraft')}</th>
                  {state.view === 'detailed' ? (
                    <>
                      <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.type')}</th>
                      <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.duration')}</th>
                      <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.distance')}</th>
                      <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.xp')}</th>
                      <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.arrived')}</th>
                      <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.ledger')}</th>
                    </>
                  ) : null}
                  <th scope="col" className="pb-2 pr-3 font-medium">{t('list.columns.fc')}</th>
                  <th scope="col" className="pb-2 font-medium">
                    <span className="sr-only">{t('list.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <LogRow key={item.id} item={item} view={state.view} />
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t('list.pagination')} className="flex items-center justify-between gap-2">
            <Button variant="secondary" disabled={state.page <= 0} onClick={() => onStateChange({ ...state, page: state.page - 1 })}>
              {t('list.previous')}
            </Button>
            <span className={cn('text-sm', logs.isPlaceholderData && 'opacity-70')} aria-live="polite">
              {t('list.pageOf', { page: state.page + 1, total: Math.max(1, totalPages) })}
            </span>
            <Button
              variant="secondary"
              disabled={state.page + 1 >= totalPages}
              onClick={() => onStateChange({ ...state, page: state.page + 1 })}
            >
              {t('list.next')}
            </Button>
          </nav>
        </>
      ) : null}
    </div>
  );
};
