import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { VerifyEmailResult } from '../../features/auth/components/verify-email-result';
import { invalidateCurrentUser } from '../../lib/auth';
import { useIsAuthenticated } from '../../lib/session';
import { PublicFrame } from '../layouts/public-frame';

/**
 * Public-only like login, with one difference: a signed-in user who opens the emailed link is
 * verified first, then sent to root (otherwise the link could never work while signed in).
 */
export const Component = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isAuthenticated = useIsAuthenticated();
  const token = params.get('token') ?? '';
  if (isAuthenticated && token === '') return <Navigate to="/" replace />;

  const onVerified = () => {
    if (!isAuthenticated) return;
    void invalidateCurrentUser();
    toast.success(t('verifyEmail.success'));
    void navigate('/', { replace: true });
  };

  return (
    <PublicFrame>
      <Panel title={t('verifyEmail.title')} className="w-full max-w-md">
        <VerifyEmailResult token={token} onVerified={onVerified} />
        {isAuthenticated ? null : (
          <p className="mt-6 text-sm">
            <TextLink to="/login">{t('verifyEmail.toLogin')}</TextLink>
          </p>
        )}
      </Panel>
    </PublicFrame>
  );
};
