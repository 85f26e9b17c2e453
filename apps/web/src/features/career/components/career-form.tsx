import { useState, type ComponentType } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DISPLAY_NAME_FORBIDDEN_CHARACTERS, DISPLAY_NAME_MAX_LENGTH } from '@contrail/domain/auth/credentials';
import { ZStartCareerRequest } from '@contrail/domain/user/career-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/handle-error';
import { useStartCareer } from '../api/start-career';

/** The home-hub picker the app gives the form (the airport search field): it reports the chosen ident. */
export type HubFieldProps = {
  label: string;
  error: string | undefined;
  onChange: (ident: string) => void;
  onBlur: () => void;
};

type CareerFormValues = z.input<typeof ZStartCareerRequest>;

/**
 * Pilot career creation: a display name (required, at most 45 characters,
 * none of ! $ * = ? ; / > < £ %) and a home hub (required). The server's refusal is shown as the
 * spec's "career creation server error" with its reason.
 */
export const CareerForm = ({ HubField, onStarted }: { HubField: ComponentType<HubFieldProps>; onStarted?: () => void }) => {
  const { t } = useTranslation('career');
  const start = useStartCareer();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CareerFormValues, unknown, z.output<typeof ZStartCareerRequest>>({
    resolver: zodResolver(ZStartCareerRequest),
    mode: 'onTouched',
    defaultValues: { displayName: '', homeHubIdent: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await start.mutateAsync(body);
      onStarted?.();
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      if (field === 'displayName' || field === 'homeHubIdent') setError(field, { type: 'server', message: errorMessage(error) });
      setServerError(errorMessage(error));
    }
  });

  const displayNameLabel = t('form.displayName');
  const hubLabel = t('form.homeHub');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('form.title')} className="flex flex-col gap-4">
      <TextField
        label={displayNameLabel}
        required
        maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
        hint={t('form.displayNameHint', { max: DISPLAY_NAME_MAX_LENGTH, characters: DISPLAY_NAME_FORBIDDEN_CHARACTERS.join(' ') })}
        error={errors.displayName?.type === 'server' ? errors.displayName.message : fieldErrorMessage(errors.displayName, displayNameLabel)}
        {...register('displayName')}
      />
      <Controller
        control={control}
        name="homeHubIdent"
        render={({ field, fieldState }) => (
          <HubField
            label={hubLabel}
            error={fieldState.error?.type === 'server' ? fieldState.error.message : fieldErrorMessage(fieldState.error, hubLabel)}
            onChange={(ident) => field.onChange(ident)}
            onBlur={field.onBlur}
          />
        )}
      />
      {serverError ? (
        <Alert tone="error">
          {t('form.serverError')} {serverError}
        </Alert>
      ) : null}
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {t('form.submit')}
      </Button>
    </form>
  );
};
