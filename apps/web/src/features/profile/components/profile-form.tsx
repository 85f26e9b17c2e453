import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZUpdateUserInformationRequest, type TUserInformation } from '@contrail/domain/user/user-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { handleError } from '../../../lib/handle-error';
import { useUpdateUserInformation } from '../api/update-user-information';
import { PhotoInput } from './photo-input';

/** The general profile fields; the simulation ids have their own form. */
const ZProfileForm = ZUpdateUserInformationRequest.omit({ simbrief: true, vatsim: true, ivao: true });

/** Whether the form's address differs from the account's (the server compares lower-cased, trimmed). */
const isNewEmail = (formEmail: string | undefined, currentEmail: string): boolean =>
  (formEmail ?? '').trim().toLowerCase() !== currentEmail.trim().toLowerCase();
type ProfileFormValues = z.input<typeof ZProfileForm>;
const fieldNames = ['userName', 'email', 'displayName', 'firstName', 'lastName', 'dateOfBirth', 'country', 'city', 'afrvId', 'afrvKey'] as const;

const toFormValues = (user: TUserInformation): Required<{ [K in keyof ProfileFormValues]: string }> => ({
  userName: user.userName,
  email: user.email,
  displayName: user.displayName ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  city: user.city ?? '',
  country: user.country ?? '',
  dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
  afrvId: user.afrvId ?? '',
  afrvKey: user.afrvKey ?? '',
  currentPassword: '',
});

export const ProfileForm = ({ user }: { user: TUserInformation }) => {
  const { t } = useTranslation('profile');
  const update = useUpdateUserInformation();
  const [photo, setPhoto] = useState<File | null>(null);
  /** The address a confirmation link was last mailed to; the account keeps its address until then. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, z.output<typeof ZProfileForm>>({
    resolver: zodResolver(ZProfileForm),
    mode: 'onTouched',
    defaultValues: toFormValues(user),
  });

  const emailChanges = isNewEmail(watch('email'), user.email);

  const onSubmit = handleSubmit(async ({ currentPassword, ...fields }) => {
    // The email changes only with the current password, confirmed from the new address.
    if (emailChanges && !currentPassword) {
      setError('currentPassword', { message: t('emailChange.passwordRequired') });
      return;
    }
    try {
      await update.mutateAsync({ userId: user.id, fields: emailChanges ? { ...fields, currentPassword } : fields, photo });
      if (emailChanges && fields.email) {
        setPendingEmail(fields.email);
        resetField('email', { defaultValue: user.email });
        resetField('currentPassword', { defaultValue: '' });
      }
      toast.success(t('form.saved'));
    } catch (error) {
      handleError(error);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t('form.title')}>
      <PhotoInput currentPhotoUrl={user.photo} onChange={setPhoto} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {fieldNames.map((name) => {
          const label = t(`fields.${name}`);
          return (
            <TextField
              key={name}
              label={label}
              required={name === 'email' || name === 'userName'}
              type={name === 'email' ? 'email' : name === 'dateOfBirth' ? 'date' : name === 'afrvKey' ? 'password' : 'text'}
              hint={name === 'country' ? t('hints.country') : undefined}
              autoComplete={name === 'email' ? 'email' : name === 'firstName' ? 'given-name' : name === 'lastName' ? 'family-name' : 'off'}
              error={fieldErrorMessage(errors[name], label)}
              {...register(name)}
            />
          );
        })}
      </div>
      {emailChanges ? (
        <TextField
          label={t('fields.currentPassword')}
          required
          type="password"
          autoComplete="current-password"
          hint={t('emailChange.passwordHint')}
          error={fieldErrorMessage(errors.currentPassword, t('fields.currentPassword'))}
          {...register('currentPassword')}
        />
      ) : null}
      {pendingEmail ? <Alert tone="info">{t('emailChange.sent', { email: pendingEmail })}</Alert> : null}
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {t('form.save')}
      </Button>
    </form>
  );
};
