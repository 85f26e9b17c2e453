import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { Alert } from '../../components/ui/alert';
import { Panel } from '../../components/ui/panel';
import { useAircraftInformation } from '../../features/aircraft-config/api/get-aircraft-information';
import { AircraftFigures } from '../../features/aircraft-config/components/aircraft-figures';
import { AircraftTypePicker } from '../../features/aircraft-config/components/aircraft-type-picker';
import { CustomConfigurations } from '../../features/aircraft-config/components/custom-configurations';
import { DefaultConfigurationCard } from '../../features/aircraft-config/components/default-configuration-card';
import type { AirportOption } from '../../features/airports/components/airport-label';
import { AirportSearchField } from '../../features/airports/components/airport-search-field';
import { useAirportDistance } from '../../features/airports/hooks/use-airport-distance';
import { useCurrentUser } from '../../lib/auth';

const sectionClasses = 'pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6 text-slate-100 shadow-xl';

/** Two airports and the great-circle distance between them, against the type's range. */
const RangeCheck = ({ aircraft }: { aircraft: TAircraftInformation }) => {
  const { t, i18n } = useTranslation('aircraft');
  const [departure, setDeparture] = useState<AirportOption | null>(null);
  const [arrival, setArrival] = useState<AirportOption | null>(null);
  const distance = useAirportDistance(departure?.ident, arrival?.ident);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-200">{t('rangeCheck.intro')}</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <AirportSearchField label={t('rangeCheck.departure')} value={departure} onChange={setDeparture} />
        <AirportSearchField
          label={t('rangeCheck.arrival')}
          value={arrival}
          onChange={setArrival}
          fromIdent={departure?.ident}
          hint={departure ? t('rangeCheck.arrivalHint') : undefined}
        />
      </div>
      <div aria-live="polite">
        {distance.status === 'loading' ? <p role="status">{t('airports:distance.loading')}</p> : null}
        {distance.status === 'error' ? <Alert tone="error">{t('airports:distance.error')}</Alert> : null}
        {distance.status === 'ready' ? (
          <Alert tone={distance.distanceNm <= aircraft.range ? 'success' : 'warning'}>
            {t(distance.distanceNm <= aircraft.range ? 'rangeCheck.within' : 'rangeCheck.beyond', {
              distance: number.format(distance.distanceNm),
              range: number.format(aircraft.range),
              icao: aircraft.icao,
            })}
          </Alert>
        ) : null}
      </div>
    </div>
  );
};

/** /configuration/aircraft: a type's figures, its DEFAULT seats, the pilot's CUSTOM ones, and a range check. */
export const Component = () => {
  const { t } = useTranslation('aircraft');
  const [searchParams, setSearchParams] = useSearchParams();
  const icao = searchParams.get('icao')?.trim().toUpperCase() || null;
  const aircraftList = useAircraftInformation();
  const user = useCurrentUser();
  const aircraft = icao ? aircraftList.data?.find((type) => type.icao === icao) : undefined;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Panel title={t('title')}>
        <p className="mb-4 text-sm text-slate-200">{t('intro')}</p>
        {aircraftList.isPending ? (
          <p role="status">{t('common:loading')}</p>
        ) : aircraftList.isError ? (
          <Alert tone="error">{t('loadError')}</Alert>
        ) : (
          <AircraftTypePicker
            aircraft={aircraftList.data}
            value={aircraft?.icao ?? null}
            // The type lives in the address so a reload or a shared link shows the same one.
            onChange={(next) => setSearchParams({ icao: next }, { replace: true })}
          />
        )}
        {aircraftList.isSuccess && !aircraft ? (
          icao ? (
            <Alert tone="warning" className="mt-4">
              {t('unknownType', { icao })}
            </Alert>
          ) : (
            <p className="mt-4 text-sm text-slate-300">{t('chooseType')}</p>
          )
        ) : null}
      </Panel>

      {aircraft ? (
        <>
          <section aria-labelledby="aircraft-figures" className={sectionClasses}>
            <h2 id="aircraft-figures" className="mb-1 text-lg font-semibold text-white">
              {t('sections.figures', { icao: aircraft.icao })}
            </h2>
            <p className="mb-4 text-sm text-slate-300">{aircraft.name}</p>
            <AircraftFigures aircraft={aircraft} />
          </section>
          <section aria-labelledby="aircraft-seats" className={sectionClasses}>
            <h2 id="aircraft-seats" className="mb-4 text-lg font-semibold text-white">
              {t('sections.seats')}
            </h2>
            <div className="flex flex-col gap-4">
              <DefaultConfigurationCard aircraft={aircraft} />
              <h3 className="text-base font-semibold text-white">{t('custom.heading')}</h3>
              {user ? <CustomConfigurations aircraft={aircraft} userId={user.id} /> : <p role="status">{t('common:loading')}</p>}
            </div>
          </section>
          <section aria-labelledby="aircraft-range" className={sectionClasses}>
            <h2 id="aircraft-range" className="mb-4 text-lg font-semibold text-white">
              {t('sections.rangeCheck')}
            </h2>
            <RangeCheck key={aircraft.icao} aircraft={aircraft} />
          </section>
        </>
      ) : null}
    </div>
  );
};
