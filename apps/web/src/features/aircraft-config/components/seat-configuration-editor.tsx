import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import { validationMessage } from '@contrail/domain/common/validation-messages';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import {
  CONFIGURATION_NAME_MAX_LENGTH,
  remainingSeats,
  seatConfigurationSchema,
  type TSeatConfigurationFields,
} from '@contrail/domain/reference/seat-configuration-form';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { handleError } from '../../../lib/handle-error';
import { translateValidationMessage } from '../../../lib/i18n';
import { useCreateConfiguration } from '../api/create-configuration';
import { useUpdateConfiguration } from '../api/update-configuration';

const seatFields = ['first', 'business', 'eco'] as const;
const formFields = ['name', ...seatFields] as const;
type FormField = (typeof formFields)[number];
const isFormField = (value: string | undefined): value is FormField => (formFields as readonly string[]).includes(value ?? '');

const seatCountOrZero = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const isCapacityMessage = (message: string | undefined): boolean => message?.startsWith('seatsOverCapacity') ?? false;

export type SeatConfigurationEditorProps = {
  aircraft: TAircraftInformation;
  /** The CUSTOM configuration to change; a new one is created without it. */
  configuration?: TAircraftConfiguration | undefined;
  /** Names of the pilot's other configurations of this type (the name must differ from all). */
  otherNames: readonly string[];
  onDone: () => void;
};

/**
 * Creates or edits a CUSTOM seat configuration, checked live with the domain's rules:
 * whole non-negative seat counts within the type's capacity, a name unique per type.
 * The remaining seats follow every key stroke; the server's answer lands on the field it names.
 */
export const SeatConfigurationEditor = ({ aircraft, configuration, otherNames, onDone }: SeatConfigurationEditorProps) => {
  const { t, i18n } = useTranslation('aircraft');
  const schema = useMemo(() => seatConfigurationSchema(aircraft, otherNames), [aircraft, otherNames]);
  const create = useCreateConfiguration();
  const update = useUpdateConfiguration();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSeatConfigurationFields>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      icao: aircraft.icao,
      name: configuration?.name ?? '',
      first: configuration?.first ?? 0,
      business: configuration?.business ?? 0,
      eco: configuration?.eco ?? 0,
    },
  });
  const seats = useWatch({ control, name: seatFields });
  const remaining = remainingSeats(aircraft.maxPaxCapacity, {
    first: seatCountOrZero(seats[0]),
    business: seatCountOrZero(seats[1]),
    eco: seatCountOrZero(seats[2]),
  });
  const isOverCapacity = remaining < 0;
  const number = new Intl.NumberFormat(i18n.language);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (configuration) await update.mutateAsync({ id: configuration.id, body: values });
      else await create.mutateAsync({ ...values, type: 'CUSTOM' });
      toast.success(t(configuration ? 'editor.updated' : 'editor.created', { name: values.name }));
      onDone();
    } catch (error) {
      if (isApiError(error) && isFormField(error.field) && error.status < 500) {
        const message = error.errorCode === ErrorCode.conflict && error.field === 'name' ? validationMessage('configurationNameTaken') : error.message;
        setError(error.field, { type: 'server', message }, { shouldFocus: true });
        return;
      }
      handleError(error);
    }
  });

  const capacityError = seatFields.map((field) => errors[field]?.message).find(isCapacityMessage);
  const remainingId = `seat-editor-remaining-${configuration?.id ?? 'new'}`;
  const title = configuration ? t('editor.editTitle', { name: configuration.name }) : t('editor.newTitle', { icao: aircraft.icao });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={title}
      className="flex flex-col gap-4 rounded-lg border border-slate-600 bg-slate-800/60 p-4"
    >
      <h3 className="text-base font-semibold text-white">{title}</h3>
      <TextField
        label={t('editor.name')}
        required
        maxLength={CONFIGURATION_NAME_MAX_LENGTH}
        autoComplete="off"
        error={fieldErrorMessage(errors.name, t('editor.name'))}
        {...register('name')}
      />
      <fieldset className="flex flex-col gap-3" aria-describedby={remainingId}>
        <legend className="mb-2 text-sm font-medium text-slate-100">{t('editor.seats', { max: number.format(aircraft.maxPaxCapacity) })}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {seatFields.map((field) => {
            const label = t(`seatClasses.${field}`);
            const message = errors[field]?.message;
            return (
              <TextField
                key={field}
                label={label}
                type="number"
                inputMode="numeric"
                min={0}
                max={aircraft.maxPaxCapacity}
                step={1}
                required
                aria-invalid={isOverCapacity || undefined}
                error={isCapacityMessage(message) ? undefined : fieldErrorMessage(errors[field], label)}
                {...register(field, { valueAsNumber: true, deps: seatFields.filter((other) => other !== field) })}
              />
            );
          })}
        </div>
        <p id={remainingId} aria-live="polite" className={cn('text-sm font-medium', isOverCapacity ? 'text-red-300' : 'text-emerald-300')}>
          {isOverCapacity
            ? t('editor.overCapacity', { count: -remaining, max: number.format(aircraft.maxPaxCapacity) })
            : t('editor.remaining', { count: remaining, max: number.format(aircraft.maxPaxCapacity) })}
        </p>
        {capacityError ? (
          <p role="alert" className="text-sm text-red-300">
            {translateValidationMessage(capacityError)}
          </p>
        ) : null}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {t(configuration ? 'editor.save' : 'editor.create')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          {t('editor.cancel')}
        </Button>
      </div>
    </form>
  );
};
