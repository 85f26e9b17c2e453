import { useTranslation } from 'react-i18next';
import type { FlightEvent } from '@contrail/domain/flight/flight-event-codes';
import { describeEventValues } from '../../../lib/event-values';

/** Event data as i18next values: numbers rounded and localised, steps translated. */
const valuesOf = (event: FlightEvent, format: (value: number) => string, step: (value: string) => string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(event.data as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === 'number' ? format(value) : (key === 'step' || key === 'previousStep' || key === 'flightStep') && typeof value === 'string' ? step(value) : String(value),
    ]),
  );

/** The flight's events as they happen, newest first. */
export const FlightEventsList = ({ events, limit = 40 }: { events: FlightEvent[]; limit?: number }) => {
  const { t, i18n } = useTranslation('flightCurrent');
  if (events.length === 0) return <p className="text-sm text-slate-300">{t('events.none')}</p>;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'UTC' });
  const stepName = (value: string) => t(`flight:steps.${value}`, { defaultValue: value });
  return (
    <ol className="flex max-h-64 flex-col gap-1 overflow-y-auto text-sm" aria-label={t('events.title')} tabIndex={0}>
      {[...events]
        .reverse()
        .slice(0, limit)
        .map((event) => (
          <li key={event.sequence} className="flex gap-2 rounded bg-slate-800 px-2 py-1">
            <span className="font-mono text-xs text-slate-300">{time.format(event.createdAtMs)}Z</span>
            <span>{t(`events.${event.key}`, valuesOf(event, (value) => number.format(value), stepName))}</span>
            {(() => {
              // Headlines that already carry their values ("Touchdown at -120 fpm") need no second line.
              if (/{{/.test(String(i18n.getResource('en', 'flightCurrent', `events.${event.key}`)))) return null;
              const words = describeEventValues(i18n, event.key, event.data);
              return words ? <span className="text-slate-300">{words}</span> : null;
            })()}
          </li>
        ))}
    </ol>
  );
};
