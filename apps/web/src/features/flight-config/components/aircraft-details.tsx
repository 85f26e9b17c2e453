import { useTranslation } from 'react-i18next';
import { useAircraftInformation } from '../api/get-aircraft-information';

/** The chosen aircraft type's figures under the aircraft field: what the pilot is about to fly. */
export const AircraftDetails = ({ icao }: { icao: string }) => {
  const { t, i18n } = useTranslation('flightConfig');
  const information = useAircraftInformation(icao || undefined);
  const number = new Intl.NumberFormat(i18n.language);
  if (!icao) return null;
  if (information.isPending) return <p role="status" className="text-xs text-slate-300">{t('aircraftDetails.loading')}</p>;
  if (information.isError) return null;
  const type = information.data;
  return (
    <dl aria-label={t('aircraftDetails.label', { name: type.name })} className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-200">
      <dt className="text-slate-300">{t('aircraftDetails.category')}</dt>
      <dd>{t(`aircraftDetails.categories.${type.category}`)} · {type.classification}</dd>
      <dt className="text-slate-300">{t('aircraftDetails.range')}</dt>
      <dd>{t('aircraftDetails.nm', { value: number.format(type.range) })}</dd>
      <dt className="text-slate-300">{t('aircraftDetails.cruise')}</dt>
      <dd>{t('aircraftDetails.cruiseValue', { speed: number.format(type.cruiseSpeedKts), level: Math.round(type.cruiseAltitudeFt / 100) })}</dd>
      <dt className="text-slate-300">{t('aircraftDetails.seats')}</dt>
      <dd>{number.format(type.maxPaxCapacity)}</dd>
    </dl>
  );
};
