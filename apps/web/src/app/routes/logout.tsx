import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/auth';

/** Always reachable: ends the session, resets the client state and goes to /login. */
export const Component = () => {
  const { t } = useTranslation('auth');
  useEffect(() => {
    logout();
  }, []);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-900 text-slate-100">
      <p role="status">{t('logout.inProgress')}</p>
    </main>
  );
};
