import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { RegisterForm } from '../../features/auth/components/register-form';

export const Component = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <Panel title={t('register.title')} className="w-full max-w-md">
      <RegisterForm initialSponsor={params.get('affiliate') ?? undefined} />
      <p className="mt-6 text-sm">
        {t('register.haveAccount')} <TextLink to="/login">{t('register.login')}</TextLink>
      </p>
    </Panel>
  );
};
