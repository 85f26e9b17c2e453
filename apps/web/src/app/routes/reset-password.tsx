import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export const Component = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <Panel title={t('resetPassword.title')} className="w-full max-w-md">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </Panel>
  );
};
