import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HUB_PLANES_SHOWN, useAirlineOfPanel, useAirlinePlane, useAirlinePlanesAt } from '../api/get-airline-details';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex justify-between gap-3 border-b border-slate-800 py-1.5 text-sm last:border-b-0">
    <dt className="text-slate-300">{label}</dt>
    <dd className="text-right font-medium text-white">{children}</dd>
  </div>
);

const Loading = () => {
  const { t } = useTranslation('sidePanel');
  return <p className="text-sm text-slate-300">{t('loading')}</p>;
};

/** Wear is stored as the share of the plane left (100 new); shown as a percentage. */
const usePercent = () => {
  const { i18n } = useTranslation();
  return (value: number) => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
};

/** A hub of one of the pilot's airlines (or the managed one): its airport, its airline and the planes there. */
export const HubDetails = ({ airlineId, hubId, airportId }: { airlineId: string; hubId: string; airportId: string }) => {
  const { t } = useTranslation('sidePanel');
  const airline = useAirlineOfPanel(airlineId);
  const planes = useAirlinePlanesAt(airlineId, airportId);
  const percent = usePercent();
  if (airline.isPending) return <Loading />;
  if (airline.isError) return <p className="text-sm text-amber-200">{t('airline.unavailable')}</p>;
  const hub = airline.data.hubs.find((candidate) => candidate.id === hubId);
  return (
    <div className="flex flex-col gap-4">
      <dl>
        <Field label={t('airline.airline')}>{airline.data.name}</Field>
        <Field label={t('airport.name')}>{hub ? hub.airport.label : airportId}</Field>
        {hub?.airport.municipality ? <Field label={t('airport.municipality')}>{hub.airport.municipality}</Field> : null}
        {hub ? <Field label={t('airline.hubState')}>{hub.isMain ? t('airline.mainHub') : t(`airline.hubStates.${hub.state}`)}</Field> : null}
      </dl>
      <section aria-labelledby="side-panel-hub-planes">
        <h3 id="side-panel-hub-planes" className="mb-1 text-sm font-semibold text-white">
          {t('airline.planesHere')}
        </h3>
        {planes.isPending ? (
          <Loading />
        ) : planes.isError ? (
          <p className="text-sm text-amber-200">{t('airline.unavailable')}</p>
        ) : planes.data.length === 0 ? (
          <p className="text-sm text-slate-300">{t('airline.noPlaneHere')}</p>
        ) : (
          <ul className="text-sm">
            {planes.data.map((plane) => (
              <li key={plane.id} className="flex justify-between gap-2 border-b border-slate-800 py-1 last:border-b-0">
                <span className="font-medium text-white">
                  {plane.tailRegistration} · {plane.icao}
                </span>
                <span className="text-slate-200">
                  {t(`airline.planeStates.${plane.state}`)} · {t('airline.wearValue', { value: percent(plane.wear) })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {planes.data?.length === HUB_PLANES_SHOWN ? <p className="mt-1 text-xs text-slate-300">{t('airline.firstPlanesOnly', { count: HUB_PLANES_SHOWN })}</p> : null}
      </section>
    </div>
  );
};

/** One plane of an airline: registration, model, state, wear, and where it is or where it flies. */
export const AirlinePlaneDetails = ({ airlineId, planeId }: { airlineId: string; planeId: string }) => {
  const { t } = useTranslation('sidePanel');
  const airline = useAirlineOfPanel(airlineId);
  const plane = useAirlinePlane(airlineId, planeId);
  const percent = usePercent();
  if (plane.isPending) return <Loading />;
  if (plane.isError) return <p className="text-sm text-amber-200">{t('airline.unavailable')}</p>;
  const { data } = plane;
  return (
    <dl>
      {airline.data ? <Field label={t('airline.airline')}>{airline.data.name}</Field> : null}
      <Field label={t('airline.registration')}>{data.tailRegistration}</Field>
      <Field label={t('airline.model')}>{`${data.model} (${data.icao})`}</Field>
      <Field label={t('airline.state')}>{t(`airline.planeStates.${data.state}`)}</Field>
      <Field label={t('airline.wear')}>{percent(data.wear)}</Field>
      {data.flight ? (
        <Field label={t('plane.route')}>{`${data.flight.departureIdent} → ${data.flight.arrivalIdent}`}</Field>
      ) : (
        <Field label={t('airline.location')}>{data.airport ?? t('unknown')}</Field>
      )}
      {data.pilot ? <Field label={t('plane.pilot')}>{data.pilot.userName}</Field> : null}
    </dl>
  );
};
