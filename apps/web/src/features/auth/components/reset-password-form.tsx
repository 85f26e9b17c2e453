import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZResetPasswordForm, type TResetPasswordForm } from '@contrail/domain/auth/auth-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/handle-error';
import { useResetPassword } from '../api/reset-password';

/** "Reset password": the token comes from the link; success says so. */
export const ResetPasswordForm = ({ token }: { token: string }) => {
  const { t } = useTranslation('auth');
  const resetPassword = useResetPassword();
  const [isDone, setIsDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (token === '') return <Alert tone="error">{t('resetPassword.missingToken')}</Alert>;

  if (isDone) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{t('resetPassword.success')}</Alert>
        <TextLink to="/login">{t('resetPassword.toLogin')}</TextLink>
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await resetPassword.mutateAsync({ password, token });
      setIsDone(true);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  const passwordLabel = t('fields.newPassword');
  const confirmLabel = t('fields.confirmPassword');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t('resetPassword.title')}>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        hint={t('register.passwordHint')}
        error={fieldErrorMessage(errors.password, passwordLabel)}
        {...register('password')}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrorMessage(errors.confirmPassword, confirmLabel)}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
};
