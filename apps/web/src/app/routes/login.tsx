import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { LoginForm } from '../../features/auth/components/login-form';

export const Component = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return (
    <Panel title={t('login.title')} className="w-full max-w-md">
      <LoginForm onSuccess={() => void navigate(from && from !== '/logout' ? from : '/', { replace: true })} />
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <TextLink to="/forgot-password">{t('login.forgotPassword')}</TextLink>
        <p>
          {t('login.noAccount')} <TextLink to="/register">{t('login.register')}</TextLink>
        </p>
      </div>
    </Panel>
  );
};
