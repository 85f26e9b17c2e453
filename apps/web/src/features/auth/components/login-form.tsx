import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZSignInRequest, type TSignInRequest } from '@contrail/domain/auth/auth-contract';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/handle-error';
import { useSignIn } from '../api/sign-in';

type LoginFormProps = { onSuccess: (user: TUserInformation) => void };

/**
 * "Login": username and password required, submit disabled until valid. On error,
 * a failure puts the server's message on the username field and marks the password field.
 */
export const LoginForm = ({ onSuccess }: LoginFormProps) => {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const [hasServerError, setHasServerError] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<TSignInRequest>({
    resolver: zodResolver(ZSignInRequest),
    mode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setHasServerError(false);
    try {
      onSuccess(await signIn.mutateAsync(values));
    } catch (error) {
      setHasServerError(true);
      setError('username', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    }
  });

  const usernameLabel = t('fields.username');
  const passwordLabel = t('fields.password');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t('login.title')}>
      <TextField
        label={usernameLabel}
        autoComplete="username"
        required
        error={fieldErrorMessage(errors.username, usernameLabel)}
        {...register('username', { onChange: () => setHasServerError(false) })}
      />
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="current-password"
        required
        aria-invalid={hasServerError || errors.password !== undefined}
        error={fieldErrorMessage(errors.password, passwordLabel)}
        {...register('password', { onChange: () => setHasServerError(false) })}
      />
      <Button type="submit" disabled={!isValid || isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
};
