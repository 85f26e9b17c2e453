import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZChangePasswordRequest } from '@contrail/domain/auth/auth-contract';
import { validationMessage } from '@contrail/domain/common/validation-messages';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { handleError } from '../../../lib/handle-error';
import { useChangePassword } from '../api/change-password';

/** The request plus the confirmation only the browser checks. */
const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string().min(1, { error: validationMessage('required') }),
}).refine((form) => form.newPassword === form.confirmPassword, { path: ['confirmPassword'], error: validationMessage('passwordMismatch') });
type ChangePasswordFormValues = z.input<typeof ZChangePasswordForm>;

export const ChangePasswordForm = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('profile');
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(ZChangePasswordForm),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ userId, body: { currentPassword, newPassword } });
      reset();
      toast.success(t('password.changed'));
    } catch (error) {
      handleError(error);
    }
  });

  const labels = { current: t('fields.currentPassword'), next: t('fields.newPassword'), confirm: t('fields.confirmPassword') };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t('password.title')}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <TextField label={labels.current} type="password" autoComplete="current-password" required error={fieldErrorMessage(errors.currentPassword, labels.current)} {...register('currentPassword')} />
        <TextField label={labels.next} type="password" autoComplete="new-password" required error={fieldErrorMessage(errors.newPassword, labels.next)} {...register('newPassword')} />
        <TextField label={labels.confirm} type="password" autoComplete="new-password" required error={fieldErrorMessage(errors.confirmPassword, labels.confirm)} {...register('confirmPassword')} />
      </div>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {t('password.submit')}
      </Button>
    </form>
  );
};
