import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PncData, PncIncident } from '@contrail/domain/flight/cabin-simulation';
import { ANNOUNCEMENT_TYPES, FOOD_SERVICE_TYPES } from '@contrail/domain/flight/flight-constants';
import type { TFlightControl, TFlightControlResult } from '@contrail/domain/live/flight-messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { controlRejectionMessage } from '../lib/control-rejection';

export type SendControl = (control: TFlightControl) => Promise<TFlightControlResult>;

/** The incident's parameters as i18next values (type numbers named). */
export const incidentValues = (incident: PncIncident, translateType: (type: number) => string): Record<string, string> =>
  Object.fromEntries(
    incident.parameters.map(({ key, value }) => [key, (key === 'type' || key === 'current') && typeof value === 'number' ? translateType(value) : String(value)]),
  );

/**
 * Cabin controls of a PNC flight (spec section 4 "PNC rules"): announcements and food services
 * (one at a time: the others are disabled, with the reason, while one runs; launching the running
 * one again stops it), seat-belt sign, IFE, duty free, and
 * shifts of the estimated departure or arrival. A refusal is shown as its translated message.
 */
export const CabinControls = ({ pncData, onControl, isDisabled }: { pncData: PncData | null; onControl: SendControl; isDisabled: boolean }) => {
  const { t } = useTranslation('flightCurrent');
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
  // The cabin rules refuse (with an incident) an announcement or a service while another one runs:
  // those buttons are disabled, the running one stays enabled to stop it.
  const busyName = announcement !== null ? t(`announcementTypes.${announcement}`) : food !== null ? t(`foodTypes.${food}`) : null;
  const isAnnouncementBlocked = (type: number) => (announcement !== null && announcement !== type) || food !== null;
  const isFoodBlocked = (type: number) => (food !== null && food !== type) || announcement !== null;
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
          {ANNOUNCEMENT_TYPES.map((type) => (
            <Button
              key={type}
              variant={announcement === type ? 'primary' : 'secondary'}
              disabled={disabled || isAnnouncementBlocked(type)}
              aria-describedby={isAnnouncementBlocked(type) ? `${groupId}-announcement-busy` : undefined}
              onClick={() => void send({ type: 'LaunchAnnouncement', announcementType: type })}
            >
              {announcement === type ? t('cabin.stop', { name: t(`announcementTypes.${type}`) }) : t(`announcementTypes.${type}`)}
            </Button>
          ))}
        </div>
        {busyName !== null ? (
          <p id={`${groupId}-announcement-busy`} className="text-xs text-slate-300">
            {t('cabin.announcementBusy', { name: busyName })}
          </p>
        ) : null}
      </div>
      <div role="group" aria-labelledby={`${groupId}-food`} className="flex flex-col gap-2">
        <h3 id={`${groupId}-food`} className="text-sm font-semibold text-white">
          {t('cabin.food')}
        </h3>
        <div className="flex flex-wrap gap-2">
          {FOOD_SERVICE_TYPES.map((type) => (
            <Button
              key={type}
              variant={food === type ? 'primary' : 'secondary'}
              disabled={disabled || isFoodBlocked(type)}
              aria-describedby={isFoodBlocked(type) ? `${groupId}-food-busy` : undefined}
              onClick={() => void send({ type: 'ServeFood', foodType: type })}
            >
              {food === type ? t('cabin.stop', { name: t(`foodTypes.${type}`) }) : t(`foodTypes.${type}`)}
            </Button>
          ))}
        </div>
        {busyName !== null ? (
          <p id={`${groupId}-food-busy`} className="text-xs text-slate-300">
            {t('cabin.foodBusy', { name: busyName })}
          </p>
        ) : null}
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
          <div className="flex items-end gap-2">
            <TextField label={t('cabin.departureMinutes')} type="number" min={1} max={600} value={departureMinutes} onChange={(event) => setDepartureMinutes(event.target.value)} />
            <Button
              variant="secondary"
              disabled={disabled || !isMinutesValid(departureMinutes)}
              onClick={() => void send({ type: 'AddTimeOnEstimateDepartureTime', minutes: minutesOf(departureMinutes) })}
            >
              {t('cabin.addDeparture')}
            </Button>
          </div>
          <div className="flex items-end gap-2">
            <TextField label={t('cabin.arrivalMinutes')} type="number" min={1} max={600} value={arrivalMinutes} onChange={(event) => setArrivalMinutes(event.target.value)} />
            <Button
              variant="secondary"
              disabled={disabled || !isMinutesValid(arrivalMinutes)}
              onClick={() => void send({ type: 'AddTimeOnEstimateArrivalTime', minutes: minutesOf(arrivalMinutes) })}
            >
              {t('cabin.addArrival')}
            </Button>
          </div>
        </div>
      </div>
      <div aria-live="assertive">{refusal ? <Alert tone="error">{refusal}</Alert> : null}</div>
      {pncData?.currentAnnouncement ? <p role="status" className="text-sm text-slate-200">{t('cabin.announcementRunning', { name: t(`announcementTypes.${pncData.currentAnnouncement.type}`) })}</p> : null}
      {pncData?.currentFoodService ? <p role="status" className="text-sm text-slate-200">{t('cabin.foodRunning', { name: t(`foodTypes.${pncData.currentFoodService.type}`) })}</p> : null}
    </div>
  );
};

/** The cabin incidents, newest first, as translated messages (spec section 8 "Incident messages"). */
export const IncidentList = ({ incidents }: { incidents: PncIncident[] }) => {
  const { t, i18n } = useTranslation('flightCurrent');
  const typeName = (type: number) => t(`announcementTypes.${type}`, { defaultValue: t(`foodTypes.${type}`, { defaultValue: String(type) }) });
  if (incidents.length === 0) return <p className="text-sm text-slate-300">{t('incidents.none')}</p>;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'UTC' });
  return (
    <ol className="flex flex-col gap-1 text-sm" aria-label={t('incidents.title')}>
      {[...incidents].reverse().map((incident) => (
        <li key={`${incident.code}-${incident.timeMs}`} className="rounded bg-red-950 px-2 py-1 text-red-100">
          <span className="mr-2 font-mono text-xs">{time.format(incident.timeMs)}Z</span>
          {t(`incidents.${incident.key}`, incidentValues(incident, typeName))}
        </li>
      ))}
    </ol>
  );
};
