import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FLIGHT_EVENT_CATALOGUE } from '@contrail/domain/flight/flight-event-codes';
import { TOUCHDOWN_RATING_TIERS } from '@contrail/domain/flight/flight-constants';
import { EVENT_PENALTY_POINTS, FC_CATEGORY_MULTIPLIER, FC_LANDING_MULTIPLIER, LANDING_POINTS } from '@contrail/domain/rewards/reward-constants';
import type { THelpBlock } from '../lib/help-topics';

const tableClasses = 'w-full min-w-max text-left text-sm';
const cellClasses = 'border-t border-slate-700 py-1.5 pr-4';

/** Wide content scrolls sideways on a narrow screen; the frame is focusable so a keyboard can scroll it too. */
const Scrollable = ({ label, children }: { label: string; children: ReactNode }) => (
  <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-sky-300">
    {children}
  </div>
);

/** Events that cost flight-score points, in the catalogue's order, with their names from the flight log. */
const penalisedEvents = () =>
  Object.values(FLIGHT_EVENT_CATALOGUE).flatMap(({ key }) => {
    const points = EVENT_PENALTY_POINTS[key];
    return points === undefined ? [] : [{ key, points }];
  });

const PenaltiesTable = () => {
  const { t } = useTranslation('help');
  return (
    <Scrollable label={t('tables.penalties.caption')}>
      <table className={tableClasses}>
        <caption className="sr-only">{t('tables.penalties.caption')}</caption>
        <thead>
          <tr className="text-slate-300">
            <th scope="col" className="pr-4">{t('tables.penalties.event')}</th>
            <th scope="col">{t('tables.penalties.points')}</th>
          </tr>
        </thead>
        <tbody>
          {penalisedEvents().map(({ key, points }) => (
            <tr key={key}>
              <td className={cellClasses}>{t(`flightLog:events.${key}`)}</td>
              <td className={cellClasses}>{points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scrollable>
  );
};

const LandingTable = () => {
  const { t, i18n } = useTranslation('help');
  const number = new Intl.NumberFormat(i18n.language);
  let previousMaxFpm = 0;
  return (
    <Scrollable label={t('tables.landing.caption')}>
      <table className={tableClasses}>
        <caption className="sr-only">{t('tables.landing.caption')}</caption>
        <thead>
          <tr className="text-slate-300">
            <th scope="col" className="pr-4">{t('tables.landing.rating')}</th>
            <th scope="col" className="pr-4">{t('tables.landing.rate')}</th>
            <th scope="col" className="pr-4">{t('tables.landing.points')}</th>
            <th scope="col">{t('tables.landing.multiplier')}</th>
          </tr>
        </thead>
        <tbody>
          {TOUCHDOWN_RATING_TIERS.map(({ rating, maxAbsFpm }) => {
            const rate = Number.isFinite(maxAbsFpm)
              ? t('tables.landing.upTo', { fpm: number.format(maxAbsFpm) })
              : t('tables.landing.above', { fpm: number.format(previousMaxFpm) });
            previousMaxFpm = maxAbsFpm;
            return (
              <tr key={rating}>
                <th scope="row" className={`${cellClasses} font-normal`}>{t(`flightLog:ratings.${rating}`)}</th>
                <td className={cellClasses}>{rate}</td>
                <td className={cellClasses}>{LANDING_POINTS[rating]}</td>
                <td className={cellClasses}>{t('tables.times', { value: number.format(FC_LANDING_MULTIPLIER[rating]) })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Scrollable>
  );
};

const CategoriesTable = () => {
  const { t, i18n } = useTranslation('help');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Scrollable label={t('tables.categories.caption')}>
      <table className={tableClasses}>
        <caption className="sr-only">{t('tables.categories.caption')}</caption>
        <thead>
          <tr className="text-slate-300">
            <th scope="col" className="pr-4">{t('tables.categories.category')}</th>
            <th scope="col">{t('tables.categories.multiplier')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(FC_CATEGORY_MULTIPLIER).map(([category, multiplier]) => (
            <tr key={category}>
              <th scope="row" className={`${cellClasses} font-normal`}>{t(`tables.categories.names.${category}`)}</th>
              <td className={cellClasses}>{t('tables.times', { value: number.format(multiplier) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scrollable>
  );
};

/** One block of a help section; `prefix` is the section's key path in the namespace. */
export const HelpBlock = ({ block, prefix }: { block: THelpBlock; prefix: string }) => {
  const { t } = useTranslation('help');
  switch (block.kind) {
    case 'text':
      return <p>{t(`${prefix}.${block.key}`, block.values ?? {})}</p>;
    case 'steps':
    case 'list': {
      const items = block.keys.map((key) => <li key={key}>{t(`${prefix}.${key}`, block.values ?? {})}</li>);
      return block.kind === 'steps' ? (
        <ol start={block.start} className="flex list-decimal flex-col gap-1 pl-6">
          {items}
        </ol>
      ) : (
        <ul className="flex list-disc flex-col gap-1 pl-6">{items}</ul>
      );
    }
    case 'code':
      return (
        <Scrollable label={t(block.labelKey)}>
          <pre className="rounded-md bg-slate-950 px-3 py-2 text-sm text-emerald-200">
            <code>{block.code}</code>
          </pre>
        </Scrollable>
      );
    case 'table':
      if (block.table === 'penalties') return <PenaltiesTable />;
      if (block.table === 'landing') return <LandingTable />;
      return <CategoriesTable />;
  }
};
