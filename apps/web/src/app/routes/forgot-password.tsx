import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export const Component = () => {
  const { t } = useTranslation('auth');
  return (
    <Panel title={t('forgotPassword.title')} className="w-full max-w-md">
      <ForgotPasswordForm />
      <p className="mt-6 text-sm">
        <TextLink to="/login">{t('forgotPassword.backToLogin')}</TextLink>
      </p>
    </Panel>
  );
};
