import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZForgotPasswordRequest, type TForgotPasswordRequest } from '@contrail/domain/auth/auth-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/handle-error';
import { useForgotPassword } from '../api/forgot-password';

const ZForgotPasswordForm = ZForgotPasswordRequest.pick({ email: true });
type ForgotPasswordFormValues = z.input<typeof ZForgotPasswordForm>;

/** Asks for a reset link; the link points at this app's /reset-password page. */
export const ForgotPasswordForm = () => {
  const { t } = useTranslation('auth');
  const forgotPassword = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues, unknown, Pick<TForgotPasswordRequest, 'email'>>({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await forgotPassword.mutateAsync({ email, url: `${window.location.origin}/reset-password` });
      setSentTo(email);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  if (sentTo !== null) return <Alert tone="success">{t('forgotPassword.sent', { email: sentTo })}</Alert>;

  const emailLabel = t('fields.email');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t('forgotPassword.title')}>
      <p className="text-sm text-slate-200">{t('forgotPassword.intro')}</p>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <TextField label={emailLabel} type="email" autoComplete="email" required error={fieldErrorMessage(errors.email, emailLabel)} {...register('email')} />
      <Button type="submit" disabled={isSubmitting}>
        {t('forgotPassword.submit')}
      </Button>
    </form>
  );
};
