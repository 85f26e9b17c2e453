import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { handleError } from '../../../lib/handle-error';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** Ends every session of the account (phones, other computers, a stolen token), then signs out here. */
export const SignOutEverywhere = () => {
  const { t } = useTranslation('profile');
  const signOut = useSignOutEverywhere();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-300">{t('signOutEverywhere.explanation')}</p>
      <Button
        type="button"
        className="self-start"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onError: (error) => handleError(error) })}
      >
        {t('signOutEverywhere.button')}
      </Button>
    </div>
  );
};
