import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { ConfirmEmailChangeResult } from '../../features/profile/components/confirm-email-change-result';
import { invalidateCurrentUser } from '../../lib/auth';
import { useIsAuthenticated } from '../../lib/session';
import { PublicFrame } from '../layouts/public-frame';

/** The link mailed to a new address: works signed in or not (it may be opened on another device). */
export const Component = () => {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const isAuthenticated = useIsAuthenticated();
  const token = params.get('token') ?? '';
  const onConfirmed = () => {
    if (isAuthenticated) void invalidateCurrentUser();
  };
  return (
    <PublicFrame>
      <Panel title={t('emailChange.title')} className="w-full max-w-md">
        <ConfirmEmailChangeResult token={token} onConfirmed={onConfirmed} />
        <p className="mt-6 text-sm">
          {isAuthenticated ? <TextLink to="/profile">{t('emailChange.toProfile')}</TextLink> : <TextLink to="/login">{t('emailChange.toLogin')}</TextLink>}
        </p>
      </Panel>
    </PublicFrame>
  );
};
