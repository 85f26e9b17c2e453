import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { licenceName } from '../../../lib/catalogue-texts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import { suggestCruiseLevelForRoute } from '@contrail/domain/flight-plan/cruise-level';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import type { TLicenseAircraft } from '@contrail/domain/reference/pilot-licences';
import { ZSimulatorKind } from '@contrail/domain/live/tracker-hub-contract';
import { Button, focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TextLink } from '../../../components/ui/text-link';
import { TextField } from '../../../components/ui/text-field';
import { UtcDateTimeField } from '../../../components/ui/utc-date-time-field';
import {
  SIMULATION_RATES,
  ZFlightConfigurationForm,
  defaultDepartureTimeMs,
  formValuesFromPlan,
  toFlightConfiguration,
  toUtcInputValue,
  type AirportChoice,
  type FlightConfiguration,
  type FlightConfigurationFormValues,
} from '../lib/flight-configuration-form';
import { isLicenceSoldInStore, licenceCovering, licensedIcaosOf } from '../lib/aircraft-licence';
import { AircraftDetails } from './aircraft-details';
import { FlightPlanSection } from './flight-plan-section';
import { TrackerLink } from './tracker-link';
import { FieldError as FieldErrorMessage } from '../../../components/ui/field-messages';

/** What the page gives to draw an airport field (the shared airport search, composed in src/app). */
export type AirportFieldProps = {
  label: string;
  value: AirportChoice | null;
  onChange: (value: AirportChoice | null) => void;
  onBlur: () => void;
  name: string;
  error: string | undefined;
  fromIdent: string | undefined;
  required: boolean;
  disabled: boolean;
};

export type FlightConfigurationFormProps = {
  aircraft: TAircraftInformation[];
  /**
   * The licences the pilot holds (GET /v1/pilot/{id}/licenses-aircrafts). Given, the aircraft list
   * shows which types they cover, and a type none covers is explained (and not submitted) before
   * the server refuses it with ERR_0041. Undefined while unknown: no licence hints.
   */
  heldLicences?: readonly TLicenseAircraft[] | undefined;
  defaultValues?: Partial<FlightConfigurationFormValues>;
  plan: TFlightPlanData | null;
  onPlanChange: (plan: TFlightPlanData | null) => void;
  renderAirportField: (props: AirportFieldProps) => ReactNode;
  /**
   * Reads an airport's position, to start the cruise level at the planner's suggestion for the
   * route and aircraft until the pilot chooses one. Without it the level starts at FL350.
   */
  findFlightAirport?: (ident: string) => Promise<TFlightAirport>;
  /** What to show about the chosen airports (the route puts the notices to airmen here). */
  renderAirportNotices?: (airports: { departureIdent: string | undefined; arrivalIdent: string | undefined }) => ReactNode;
  onSubmit: (configuration: FlightConfiguration) => void;
  /** A mission fixes its airports. */
  areAirportsLocked?: boolean;
  submitLabel: string;
  /** NORMAL or PNC: the form offers the contrail: link that opens the desktop tracker with this flight. */
  trackerLinkType?: 'NORMAL' | 'PNC' | undefined;
  /** For tests: the time the default departure is computed from. */
  nowMs?: number;
};

const selectClasses = cn('rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-sm text-slate-50', focusRing);

/**
 * /flight/configuration: flight number, aircraft, cruise level, departure and
 * arrival, departure UTC time and duration, the simulator; a flight plan imported from SimBrief or
 * generated fills the fields. Validated with ZFlightConfigurationForm.
 */
export const FlightConfigurationForm = ({
  aircraft,
  heldLicences,
  defaultValues,
  plan,
  onPlanChange,
  renderAirportField,
  findFlightAirport,
  renderAirportNotices,
  onSubmit,
  areAirportsLocked = false,
  submitLabel,
  trackerLinkType,
  nowMs,
}: FlightConfigurationFormProps) => {
  const { t, i18n } = useTranslation('flightConfig');
  const initialValues = useMemo<FlightConfigurationFormValues>(
    () => ({
      flightNumber: '',
      aircraftIcao: '',
      // Shown until the route is known: then the planner's suggestion replaces it (see below).
      cruiseLevelFt: 35_000,
      departure: null,
      arrival: null,
      departureTimeUtc: toUtcInputValue(defaultDepartureTimeMs(nowMs ?? Date.now())),
      duration: '01:00',
      simulator: 'builtin',
      simulationRate: 1,
      ...defaultValues,
    }),
    // The defaults are read once, like react-hook-form does.
    [],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setFocus,
    getValues,
    getFieldState,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FlightConfigurationFormValues, unknown, z.output<typeof ZFlightConfigurationForm>>({
    resolver: zodResolver(ZFlightConfigurationForm),
    defaultValues: initialValues,
    mode: 'onTouched',
  });

  const message = (error: FieldError | { message?: string } | undefined, field: string): string | undefined =>
    error?.message ? t(`validation.${error.message}`, { field, defaultValue: t('validation.invalid', { field }) }) : undefined;

  const simulator = watch('simulator');
  const departure = watch('departure');
  const arrival = watch('arrival');
  const knownIcaos = new Set(aircraft.map((type) => type.icao));
  const aircraftIcao = watch('aircraftIcao');

  // Issue 20: the cruise level starts at the planner's suggestion for the route and aircraft (a short
  // hop is not flown at FL350), until the pilot types one or a plan fills it; a saved draft keeps its own.
  const isLevelFromDraft = useRef(defaultValues?.cruiseLevelFt !== undefined);
  const routeType = aircraft.find((type) => type.icao === aircraftIcao);
  useEffect(() => {
    if (!findFlightAirport || isLevelFromDraft.current || !departure || !arrival || !routeType) return;
    let isCurrent = true;
    const isChosen = () => getFieldState('cruiseLevelFt').isDirty || getFieldState('cruiseLevelFt').isTouched;
    Promise.all([findFlightAirport(departure.ident), findFlightAirport(arrival.ident)])
      .then(([from, to]) => {
        if (!isCurrent || isChosen()) return;
        const level = suggestCruiseLevelForRoute({ departure: from.position, arrival: to.position, aircraft: routeType });
        setValue('cruiseLevelFt', level, { shouldValidate: true });
      })
      // An airport that cannot be read leaves the level as it is: the pilot still sets it.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [findFlightAirport, departure?.ident, arrival?.ident, routeType, getFieldState, setValue]);

  const licensedIcaos = useMemo(() => (heldLicences ? licensedIcaosOf(heldLicences) : null), [heldLicences]);
  const isCovered = (icao: string) => licensedIcaos === null || licensedIcaos.has(icao.toUpperCase());
  // A known type the pilot's licences do not cover: the licence it needs (undefined when none does).
  const missingLicence = aircraftIcao && knownIcaos.has(aircraftIcao) && !isCovered(aircraftIcao) ? { licence: licenceCovering(aircraftIcao) } : null;
  const flyable = aircraft.filter((type) => isCovered(type.icao));
  const needingLicence = aircraft.filter((type) => !isCovered(type.icao));
  const aircraftOption = (type: TAircraftInformation) => (
    <option key={type.icao} value={type.icao}>
      {`${type.icao} — ${type.name}`}
    </option>
  );
  const describedBy = [errors.aircraftIcao ? 'flight-aircraft-error' : null, missingLicence ? 'flight-aircraft-licence' : null].filter(Boolean).join(' ');

  const applyPlan = (next: TFlightPlanData) => {
    const values = formValuesFromPlan(next);
    for (const [key, value] of Object.entries(values) as [keyof FlightConfigurationFormValues, never][]) {
      if (areAirportsLocked && (key === 'departure' || key === 'arrival')) continue;
      setValue(key, value, { shouldValidate: true, shouldDirty: true });
    }
    onPlanChange(next);
  };

  const labels = {
    flightNumber: t('fields.flightNumber'),
    aircraftIcao: t('fields.aircraft'),
    cruiseLevelFt: t('fields.cruiseLevel'),
    departure: t('fields.departure'),
    arrival: t('fields.arrival'),
    departureTimeUtc: t('fields.departureTime'),
    duration: t('fields.duration'),
  };

  return (
    <div className="flex flex-col gap-6">
      <FlightPlanSection plan={plan} onPlan={applyPlan} onClear={() => onPlanChange(null)} getFormValues={getValues} />
      {renderAirportNotices?.({ departureIdent: departure?.ident, arrivalIdent: arrival?.ident })}

      <form
        noValidate
        onSubmit={(event) =>
          void handleSubmit((values) => {
            // The server would refuse the type (ERR_0041): the explanation under the field says why.
            if (!isCovered(values.aircraftIcao)) {
              setFocus('aircraftIcao');
              return;
            }
            onSubmit(toFlightConfiguration(values));
          })(event)
        }
        className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold text-white">{t('sections.flight')}</h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <TextField
            label={labels.flightNumber}
            required
            autoComplete="off"
            placeholder="CTR123"
            error={message(errors.flightNumber, labels.flightNumber)}
            {...register('flightNumber')}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="flight-aircraft" className="text-sm font-medium text-slate-100">
              {labels.aircraftIcao}
              <span aria-hidden="true" className="text-red-300"> *</span>
            </label>
            <select
              id="flight-aircraft"
              aria-required
              aria-invalid={errors.aircraftIcao ? true : undefined}
              aria-describedby={describedBy || undefined}
              className={selectClasses}
              {...register('aircraftIcao')}
            >
              <option value="">{t('fields.aircraftPlaceholder')}</option>
              {aircraftIcao && !knownIcaos.has(aircraftIcao) ? <option value={aircraftIcao}>{aircraftIcao}</option> : null}
              {licensedIcaos === null ? (
                aircraft.map(aircraftOption)
              ) : (
                <>
                  <optgroup label={t('fields.aircraftLicensed')}>{flyable.map(aircraftOption)}</optgroup>
                  {needingLicence.length > 0 ? <optgroup label={t('fields.aircraftNeedsLicence')}>{needingLicence.map(aircraftOption)}</optgroup> : null}
                </>
              )}
            </select>
            <FieldErrorMessage id="flight-aircraft-error" error={message(errors.aircraftIcao, labels.aircraftIcao)} />
            {aircraftIcao && knownIcaos.has(aircraftIcao) ? <AircraftDetails icao={aircraftIcao} /> : null}
            {aircraftIcao && !knownIcaos.has(aircraftIcao) && aircraft.length > 0 ? (
              <p role="alert" className="text-xs text-amber-300">
                {t('fields.unknownAircraft', { icao: aircraftIcao })}
              </p>
            ) : null}
            {missingLicence ? (
              <p id="flight-aircraft-licence" role="alert" className="text-xs text-amber-300">
                {missingLicence.licence ? (
                  isLicenceSoldInStore(missingLicence.licence.code) ? (
                    <>
                      {t('fields.licenceNeeded', { icao: aircraftIcao, licence: licenceName(i18n, missingLicence.licence) })}{' '}
                      <TextLink to="/store">{t('fields.licenceInStore')}</TextLink>
                    </>
                  ) : (
                    t('fields.licenceNotSold', { icao: aircraftIcao, licence: licenceName(i18n, missingLicence.licence) })
                  )
                ) : (
                  t('fields.noLicence', { icao: aircraftIcao })
                )}
              </p>
            ) : null}
          </div>
          <TextField
            label={labels.cruiseLevelFt}
            type="number"
            inputMode="numeric"
            step={500}
            min={1000}
            max={60000}
            required
            hint={t('fields.cruiseLevelHint')}
            error={message(errors.cruiseLevelFt, labels.cruiseLevelFt)}
            {...register('cruiseLevelFt', { valueAsNumber: true })}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Controller
            control={control}
            name="departure"
            render={({ field }) => (
              <>
                {renderAirportField({
                  label: labels.departure,
                  value: field.value,
                  onChange: field.onChange,
                  onBlur: field.onBlur,
                  name: field.name,
                  error: message(errors.departure, labels.departure),
                  fromIdent: undefined,
                  required: true,
                  disabled: areAirportsLocked,
                })}
              </>
            )}
          />
          <Controller
            control={control}
            name="arrival"
            render={({ field }) => (
              <>
                {renderAirportField({
                  label: labels.arrival,
                  value: field.value,
                  onChange: field.onChange,
                  onBlur: field.onBlur,
                  name: field.name,
                  error: message(errors.arrival, labels.arrival),
                  fromIdent: departure?.ident,
                  required: true,
                  disabled: areAirportsLocked,
                })}
              </>
            )}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Controller
            control={control}
            name="departureTimeUtc"
            render={({ field }) => (
              <UtcDateTimeField
                label={labels.departureTimeUtc}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                hint={t('fields.departureTimeHint')}
                error={message(errors.departureTimeUtc, labels.departureTimeUtc)}
              />
            )}
          />
          <TextField
            label={labels.duration}
            required
            inputMode="numeric"
            placeholder="01:30"
            hint={t('fields.durationHint')}
            error={message(errors.duration, labels.duration)}
            {...register('duration')}
          />
        </div>

        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-600 p-4">
          <legend className="px-1 text-sm font-semibold text-white">{t('fields.simulator')}</legend>
          <div className="flex flex-wrap gap-4">
            {ZSimulatorKind.options.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-100">
                <input type="radio" value={kind} className={cn('h-4 w-4', focusRing)} {...register('simulator')} />
                {t(`simulators.${kind}`)}
              </label>
            ))}
          </div>
          {simulator === 'builtin' ? (
            <div className="flex flex-col gap-1">
              <label htmlFor="flight-simulation-rate" className="text-sm font-medium text-slate-100">
                {t('fields.simulationRate')}
              </label>
              <select id="flight-simulation-rate" className={cn(selectClasses, 'max-w-40')} {...register('simulationRate', { valueAsNumber: true })}>
                {SIMULATION_RATES.map((rate) => (
                  <option key={rate} value={rate}>
                    {t('fields.rateOption', { rate })}
                  </option>
                ))}
              </select>
              <p className="text-xs text-slate-300">{t('fields.simulationRateHint')}</p>
            </div>
          ) : (
            <p className="text-xs text-slate-300">{t(`simulatorHints.${simulator}`)}</p>
          )}
        </fieldset>

        <div>
          <Button type="submit" disabled={isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
      {trackerLinkType ? (
        <TrackerLink
          readPlan={() => {
            const values = getValues();
            return {
              flightNumber: values.flightNumber.trim(),
              aircraftIcao: values.aircraftIcao,
              departureIdent: values.departure?.ident,
              arrivalIdent: values.arrival?.ident,
              cruiseLevelFt: Number(values.cruiseLevelFt),
              type: trackerLinkType,
            };
          }}
        />
      ) : null}
    </div>
  );
};
