import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import type { TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { TFlightCargo } from '@contrail/domain/flight-api/flight-contract';
import { Button, focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TextField } from '../../../components/ui/text-field';
import { checkPncLoad, payloadKg, type PncLoadField } from '../lib/pnc-load';

export type PncConfiguration = { seatConfigurationId: string; pax: TPaxByClass; cargos: TFlightCargo[] };

/**
 * /flight/pnc-config: the cabin of a PNC flight. The pilot picks a seat configuration of the type
 * (DEFAULT or their own), the passengers per class and the cargo; the load is checked live
 * against the seats and the payload.
 */
export const PncConfigForm = ({
  aircraft,
  configurations,
  initial,
  onSubmit,
  submitLabel,
}: {
  aircraft: TAircraftInformation;
  configurations: TAircraftConfiguration[];
  initial?: Partial<PncConfiguration> | undefined;
  onSubmit: (configuration: PncConfiguration) => void;
  submitLabel: string;
}) => {
  const { t, i18n } = useTranslation('flightConfig');
  const selectId = useId();
  const [configurationId, setConfigurationId] = useState(initial?.seatConfigurationId ?? configurations[0]?.id ?? '');
  const seats = configurations.find((item) => item.id === configurationId) ?? configurations[0];
  const [counts, setCounts] = useState({
    first: String(initial?.pax?.first ?? seats?.first ?? 0),
    business: String(initial?.pax?.business ?? seats?.business ?? 0),
    economy: String(initial?.pax?.economy ?? seats?.eco ?? 0),
    cargoKg: String(initial?.cargos?.reduce((sum, cargo) => sum + cargo.weight * cargo.quantity, 0) ?? 0),
  });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);

  const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  const load = {
    pax: { first: toNumber(counts.first), business: toNumber(counts.business), economy: toNumber(counts.economy) },
    cargoKg: toNumber(counts.cargoKg),
  };
  const problems = seats ? checkPncLoad(load, seats, aircraft) : [];
  const problemOf = (field: PncLoadField) => {
    const problem = problems.find((item) => item.field === field);
    if (!problem) return undefined;
    const values = Object.fromEntries(Object.entries(problem.values).map(([k, v]) => [k, number.format(v)]));
    // i18next picks the plural form from a numeric count only.
    return t(`pnc.errors.${problem.key}`, { ...values, ...(problem.values.count === undefined ? {} : { count: problem.values.count }) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!seats || problems.length > 0) return;
    onSubmit({
      seatConfigurationId: seats.id,
      pax: load.pax,
      cargos: load.cargoKg > 0 ? [{ name: t('pnc.cargoName'), weight: load.cargoKg, quantity: 1 }] : [],
    });
  };

  const chooseConfiguration = (id: string) => {
    setConfigurationId(id);
    const next = configurations.find((item) => item.id === id);
    if (next) setCounts((current) => ({ ...current, first: String(next.first), business: String(next.business), economy: String(next.eco) }));
  };

  const classes = [
    ['first', 'first'],
    ['business', 'business'],
    ['economy', 'eco'],
  ] as const;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-100">
          {t('pnc.configuration')}
        </label>
        <select
          id={selectId}
          value={seats?.id ?? ''}
          onChange={(event) => chooseConfiguration(event.target.value)}
          className={cn('rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-sm text-slate-50', focusRing)}
        >
          {configurations.map((item) => (
            <option key={item.id} value={item.id}>
              {t('pnc.configurationOption', { name: item.name, first: item.first, business: item.business, eco: item.eco })}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-4">
        {classes.map(([field, seatField]) => (
          <TextField
            key={field}
            label={t(`pnc.classes.${field}`)}
            type="number"
            min={0}
            max={seats?.[seatField] ?? 0}
            inputMode="numeric"
            hint={t('pnc.seatsAvailable', { count: seats?.[seatField] ?? 0 })}
            value={counts[field]}
            onChange={(event) => setCounts((current) => ({ ...current, [field]: event.target.value }))}
            error={problemOf(field)}
          />
        ))}
        <TextField
          label={t('pnc.cargoKg')}
          type="number"
          min={0}
          inputMode="numeric"
          value={counts.cargoKg}
          onChange={(event) => setCounts((current) => ({ ...current, cargoKg: event.target.value }))}
          error={problemOf('cargoKg')}
        />
      </div>
      <p className="text-sm text-slate-200" aria-live="polite">
        {t('pnc.payload', {
          payload: number.format(Number.isFinite(payloadKg(load)) ? Math.round(payloadKg(load)) : 0),
          max: number.format(aircraft.maxCargoKg),
        })}
      </p>
      {isSubmitted && problems.length > 0 ? (
        <p role="alert" className="text-sm text-red-300">
          {t('pnc.fixProblems')}
        </p>
      ) : null}
      <div>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </form>
  );
};
