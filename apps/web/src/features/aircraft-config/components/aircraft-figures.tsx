import { useTranslation } from 'react-i18next';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';

/** The type's figures: range, capacity, MTOW, classification, cruise speed, category. */
export const AircraftFigures = ({ aircraft }: { aircraft: TAircraftInformation }) => {
  const { t, i18n } = useTranslation('aircraft');
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    { key: 'range', value: t('units.nm', { value: number.format(aircraft.range) }) },
    { key: 'maxPax', value: number.format(aircraft.maxPaxCapacity) },
    { key: 'mtow', value: t('units.kg', { value: number.format(aircraft.maxTakeOffWeight) }) },
    { key: 'classification', value: t(`classifications.${aircraft.classification}`, { defaultValue: aircraft.classification }) },
    { key: 'cruiseSpeed', value: t('units.kts', { value: number.format(aircraft.cruiseSpeedKts) }) },
    { key: 'category', value: t(`categories.${aircraft.category}`) },
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.key} className="rounded-lg border border-slate-700 px-4 py-3">
          <dt className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{t(`figures.${figure.key}`)}</dt>
          <dd className="mt-1 text-lg font-semibold text-white">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
};
