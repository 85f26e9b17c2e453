import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZSignUpForm, type TSignUpForm } from '@contrail/domain/auth/auth-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { linkClasses } from '../../../components/ui/text-link';
import { DEV_OUTBOX_PATH, isDevOutboxShown } from '../../../config/app-config';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/handle-error';
import { checkMfIdQueryOptions } from '../api/check-mf-id';
import { useSignUp } from '../api/sign-up';

type RegisterFormProps = {
  /** The optional `affiliate` query parameter prefills the sponsor. */
  initialSponsor?: string | undefined;
};

type SignUpFormOutput = z.output<typeof ZSignUpForm>;

/** The "Register" form: username, email, password twice and an optional sponsor. */
export const RegisterForm = ({ initialSponsor }: RegisterFormProps) => {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const signUp = useSignUp();
  const [serverError, setServerError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [sponsorName, setSponsorName] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TSignUpForm, unknown, SignUpFormOutput>({
    resolver: zodResolver(ZSignUpForm),
    mode: 'onTouched',
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      mfIdParrain: initialSponsor ?? '',
      acceptTerms: false as unknown as true,
    },
  });

  /** A non-empty sponsor must exist on the server; its message is shown if not. */
  const verifySponsor = async (raw: string | null | undefined): Promise<boolean> => {
    const sponsor = (raw ?? '').trim();
    setSponsorName(null);
    if (sponsor === '') {
      clearErrors('mfIdParrain');
      return true;
    }
    try {
      const result = await queryClient.fetchQuery(checkMfIdQueryOptions(sponsor));
      if (result.exists) {
        clearErrors('mfIdParrain');
        setSponsorName(result.userName);
        return true;
      }
      setError('mfIdParrain', { type: 'server', message: t('register.sponsorNotFound') });
    } catch (error) {
      setError('mfIdParrain', { type: 'server', message: errorMessage(error) });
    }
    return false;
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (!(await verifySponsor(values.mfIdParrain))) return;
    try {
      await signUp.mutateAsync({
        username: values.username,
        email: values.email,
        password: values.password,
        mfIdParrain: values.mfIdParrain ? values.mfIdParrain : undefined,
      });
      setRegisteredEmail(values.email);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  if (registeredEmail !== null) {
    return (
      <Alert tone="success">
        <p>{t('register.success', { email: registeredEmail })}</p>
        {isDevOutboxShown ? (
          <p className="mt-2">
            <Trans
              t={t}
              i18nKey="register.devOutbox"
              components={{ outbox: <a href={DEV_OUTBOX_PATH} className={linkClasses} /> }}
            />
          </p>
        ) : null}
      </Alert>
    );
  }

  const labels = {
    username: t('fields.username'),
    email: t('fields.email'),
    password: t('fields.password'),
    confirmPassword: t('fields.confirmPassword'),
    sponsor: t('fields.sponsor'),
    acceptTerms: t('fields.acceptTerms'),
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t('register.title')}>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <TextField label={labels.username} autoComplete="username" required error={fieldErrorMessage(errors.username, labels.username)} {...register('username')} />
      <TextField label={labels.email} type="email" autoComplete="email" required error={fieldErrorMessage(errors.email, labels.email)} {...register('email')} />
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        hint={t('register.passwordHint')}
        error={fieldErrorMessage(errors.password, labels.password)}
        {...register('password')}
      />
      <TextField
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrorMessage(errors.confirmPassword, labels.confirmPassword)}
        {...register('confirmPassword')}
      />
      <TextField
        label={labels.sponsor}
        hint={sponsorName ? t('register.sponsorFound', { name: sponsorName }) : t('register.sponsorHint')}
        error={fieldErrorMessage(errors.mfIdParrain, labels.sponsor)}
        {...register('mfIdParrain', { onBlur: () => void verifySponsor(getValues('mfIdParrain')) })}
      />
      <CheckboxField label={labels.acceptTerms} error={fieldErrorMessage(errors.acceptTerms, labels.acceptTerms)} {...register('acceptTerms')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
};
