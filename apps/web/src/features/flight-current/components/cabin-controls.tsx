import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PncData, PncIncident } from '@contrail/domain/flight/cabin-simulation';
import { ANNOUNCEMENT_TYPES, FOOD_SERVICE_TYPES } from '@contrail/domain/flight/flight-constants';
import type { FlightStep } from '@contrail/domain/flight/flight-step';
import type { TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { announcementBlock, arrivalShiftBlock, departureShiftBlock, foodBlock, type CabinBlock } from '../lib/cabin-availability';
import { controlRejectionMessage } from '../lib/control-rejection';

export type SendControl = (control: TFlightControl) => Promise<TFlightControlResult>;

/** The incident's parameters as i18next values: type numbers and flight steps named, never raw codes. */
export const incidentValues = (incident: PncIncident, translateType: (type: number) => string, translateStep: (step: string) => string): Record<string, string> =>
  Object.fromEntries(
    incident.parameters.map(({ key, value }) => [
      key,
      (key === 'type' || key === 'current') && typeof value === 'number'
        ? translateType(value)
        : key === 'flightStep' && typeof value === 'string'
          ? translateStep(value)
          : String(value),
    ]),
  );

/** Blocked buttons point at their reason; buttons blocked for the same reason share one line. */
const reasonLines = (reasons: (string | null)[], idPrefix: string) => {
  const lines = [...new Set(reasons.filter((reason): reason is string => reason !== null))];
  const idOf = (reason: string | null) => (reason === null ? undefined : `${idPrefix}-${lines.indexOf(reason)}`);
  return { lines, idOf };
};

const ReasonList = ({ lines, idPrefix }: { lines: string[]; idPrefix: string }) =>
  lines.length === 0 ? null : (
    <ul className="flex flex-col gap-1 text-xs text-slate-300">
      {lines.map((line, index) => (
        <li key={line} id={`${idPrefix}-${index}`}>
          {line}
        </li>
      ))}
    </ul>
  );

/**
 * Cabin controls of a PNC flight: announcements and food services,
 * seat-belt sign, IFE, duty free, and shifts of the estimated departure or arrival. Whatever the
 * cabin rules would refuse (and punish with an incident) at this step is disabled, with the reason
 * under it: one announcement or service at a time (the running one stays enabled to stop it), each
 * announcement once and in its steps, meals in climb, cruise or level flight, the departure estimate
 * until off-block and the arrival estimate until on-block. A refusal is shown as its translated message.
 */
export const CabinControls = ({
  pncData,
  step,
  onControl,
  isDisabled,
}: {
  pncData: PncData | null;
  /** The flight's current step; null while unknown (nothing is blocked on it then). */
  step: FlightStep | null;
  onControl: SendControl;
  isDisabled: boolean;
}) => {
  const { t, i18n } = useTranslation('flightCurrent');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [departureMinutes, setDepartureMinutes] = useState('5');
  const [arrivalMinutes, setArrivalMinutes] = useState('5');
  const groupId = useId();

  const send = async (control: TFlightControl) => {
    setIsBusy(true);
    setRefusal(null);
    try {
      const result = await onControl(control);
      if (!result.accepted) setRefusal(controlRejectionMessage(t, result.rejection));
    } finally {
      setIsBusy(false);
    }
  };

  const disabled = isDisabled || isBusy || pncData === null;
  const announcement = pncData?.currentAnnouncement?.type ?? null;
  const food = pncData?.currentFoodService?.type ?? null;
  const stepList = (steps: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(steps.map((name) => t(`flight:steps.${name}`)));
  /** A block in words; `group` says which list it is read in ("Other announcements wait…" or "Food services wait…"). */
  const blockText = (block: CabinBlock | null, group: 'announcement' | 'food', name: string): string | null => {
    if (block === null) return null;
    switch (block.reason) {
      case 'announcementRunning':
        return t(group === 'announcement' ? 'cabin.announcementBusy' : 'cabin.foodBusy', { name: t(`announcementTypes.${block.type}`) });
      case 'foodRunning':
        return t(group === 'announcement' ? 'cabin.announcementBusy' : 'cabin.foodBusy', { name: t(`foodTypes.${block.type}`) });
      case 'alreadyMade':
        return t('cabin.blocked.alreadyMade', { name });
      case 'announcementStep':
        return t('cabin.blocked.announcementStep', { name, steps: stepList(block.steps) });
      case 'foodStep':
        return t('cabin.blocked.foodStep', { steps: stepList(block.steps) });
      case 'departed':
        return t('cabin.blocked.departed');
      case 'arrived':
        return t('cabin.blocked.arrived');
    }
  };
  const announcementReasons = ANNOUNCEMENT_TYPES.map((type) =>
    pncData === null ? null : blockText(announcementBlock(pncData, type, step), 'announcement', t(`announcementTypes.${type}`)),
  );
  const foodReasons = FOOD_SERVICE_TYPES.map((type) => (pncData === null ? null : blockText(foodBlock(pncData, type, step), 'food', t(`foodTypes.${type}`))));
  const announcementLines = reasonLines(announcementReasons, `${groupId}-announcement-reason`);
  const foodLines = reasonLines(foodReasons, `${groupId}-food-reason`);
  const departureBlock = departureShiftBlock(step) === null ? null : t('cabin.blocked.departed');
  const arrivalBlock = arrivalShiftBlock(step) === null ? null : t('cabin.blocked.arrived');
  const minutesOf = (value: string) => Math.trunc(Number(value));
  const isMinutesValid = (value: string) => Number.isInteger(Number(value)) && minutesOf(value) >= 1 && minutesOf(value) <= 600;

  return (
    <div className="flex flex-col gap-4">
      {pncData === null ? <p className="text-sm text-slate-300">{t('cabin.waiting')}</p> : null}
      <div role="group" aria-labelledby={`${groupId}-announcements`} className="flex flex-col gap-2">
        <h3 id={`${groupId}-announcements`} className="text-sm font-semibold text-white">
          {t('cabin.announcements')}
        </h3>
        <div className="flex flex-wrap gap-2">
          {ANNOUNCEMENT_TYPES.map((type, index) => (
            <Button
              key={type}
              variant={announcement === type ? 'primary' : 'secondary'}
              disabled={disabled || announcementReasons[index] !== null}
              aria-describedby={announcementLines.idOf(announcementReasons[index] ?? null)}
              onClick={() => void send({ type: 'LaunchAnnouncement', announcementType: type })}
            >
              {announcement === type ? t('cabin.stop', { name: t(`announcementTypes.${type}`) }) : t(`announcementTypes.${type}`)}
            </Button>
          ))}
        </div>
        <ReasonList lines={announcementLines.lines} idPrefix={`${groupId}-announcement-reason`} />
      </div>
      <div role="group" aria-labelledby={`${groupId}-food`} className="flex flex-col gap-2">
        <h3 id={`${groupId}-food`} className="text-sm font-semibold text-white">
          {t('cabin.food')}
        </h3>
        <div className="flex flex-wrap gap-2">
          {FOOD_SERVICE_TYPES.map((type, index) => (
            <Button
              key={type}
              variant={food === type ? 'primary' : 'secondary'}
              disabled={disabled || foodReasons[index] !== null}
              aria-describedby={foodLines.idOf(foodReasons[index] ?? null)}
              onClick={() => void send({ type: 'ServeFood', foodType: type })}
            >
              {food === type ? t('cabin.stop', { name: t(`foodTypes.${type}`) }) : t(`foodTypes.${type}`)}
            </Button>
          ))}
        </div>
        <ReasonList lines={foodLines.lines} idPrefix={`${groupId}-food-reason`} />
      </div>
      <div role="group" aria-labelledby={`${groupId}-switches`} className="flex flex-col gap-2">
        <h3 id={`${groupId}-switches`} className="text-sm font-semibold text-white">
          {t('cabin.switches')}
        </h3>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['SwitchSeatBeltSign', 'seatBelt', pncData?.seatBelt],
              ['SwitchIfe', 'ife', pncData?.ife],
              ['SwitchDutyFree', 'dutyFree', pncData?.dutyFree],
            ] as const
          ).map(([type, name, isOn]) => (
            <Button key={type} variant="secondary" aria-pressed={isOn === true} disabled={disabled} onClick={() => void send({ type })}>
              {t(`cabin.${name}`, { state: t(isOn ? 'cabin.on' : 'cabin.off') })}
            </Button>
          ))}
        </div>
      </div>
      <div role="group" aria-labelledby={`${groupId}-times`} className="flex flex-col gap-2">
        <h3 id={`${groupId}-times`} className="text-sm font-semibold text-white">
          {t('cabin.timeShifts')}
        </h3>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <div className="flex flex-col gap-1">
            <div className="flex items-end gap-2">
              <TextField label={t('cabin.departureMinutes')} type="number" min={1} max={600} value={departureMinutes} onChange={(event) => setDepartureMinutes(event.target.value)} />
              <Button
                variant="secondary"
                disabled={disabled || !isMinutesValid(departureMinutes) || departureBlock !== null}
                aria-describedby={departureBlock === null ? undefined : `${groupId}-departure-reason`}
                onClick={() => void send({ type: 'AddTimeOnEstimateDepartureTime', minutes: minutesOf(departureMinutes) })}
              >
                {t('cabin.addDeparture')}
              </Button>
            </div>
            {departureBlock === null ? null : (
              <p id={`${groupId}-departure-reason`} className="text-xs text-slate-300">
                {departureBlock}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <div className="flex items-end gap-2">
              <TextField label={t('cabin.arrivalMinutes')} type="number" min={1} max={600} value={arrivalMinutes} onChange={(event) => setArrivalMinutes(event.target.value)} />
              <Button
                variant="secondary"
                disabled={disabled || !isMinutesValid(arrivalMinutes) || arrivalBlock !== null}
                aria-describedby={arrivalBlock === null ? undefined : `${groupId}-arrival-reason`}
                onClick={() => void send({ type: 'AddTimeOnEstimateArrivalTime', minutes: minutesOf(arrivalMinutes) })}
              >
                {t('cabin.addArrival')}
              </Button>
            </div>
            {arrivalBlock === null ? null : (
              <p id={`${groupId}-arrival-reason`} className="text-xs text-slate-300">
                {arrivalBlock}
              </p>
            )}
          </div>
        </div>
      </div>
      <div aria-live="assertive">{refusal ? <Alert tone="error">{refusal}</Alert> : null}</div>
      {pncData?.currentAnnouncement ? <p role="status" className="text-sm text-slate-200">{t('cabin.announcementRunning', { name: t(`announcementTypes.${pncData.currentAnnouncement.type}`) })}</p> : null}
      {pncData?.currentFoodService ? <p role="status" className="text-sm text-slate-200">{t('cabin.foodRunning', { name: t(`foodTypes.${pncData.currentFoodService.type}`) })}</p> : null}
    </div>
  );
};

/** The cabin incidents, newest first, as translated messages. */
export const IncidentList = ({ incidents }: { incidents: PncIncident[] }) => {
  const { t, i18n } = useTranslation('flightCurrent');
  const typeName = (type: number) => t(`announcementTypes.${type}`, { defaultValue: t(`foodTypes.${type}`, { defaultValue: String(type) }) });
  const stepName = (step: string) => t(`flight:steps.${step}`, { defaultValue: step });
  if (incidents.length === 0) return <p className="text-sm text-slate-300">{t('incidents.none')}</p>;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'UTC' });
  return (
    <ol className="flex flex-col gap-1 text-sm" aria-label={t('incidents.title')}>
      {[...incidents].reverse().map((incident) => (
        <li key={`${incident.code}-${incident.timeMs}`} className="rounded bg-red-950 px-2 py-1 text-red-100">
          <span className="mr-2 font-mono text-xs">{time.format(incident.timeMs)}Z</span>
          {t(`incidents.${incident.key}`, incidentValues(incident, typeName, stepName))}
        </li>
      ))}
    </ol>
  );
};
