import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SERVICE_WORKER_CHECK_MS } from '../../../config/app-config';

/** Asks the registered service worker for an update every 5 minutes. */
const checkPeriodically = (swUrl: string, registration: ServiceWorkerRegistration | undefined): void => {
  if (registration === undefined) return;
  setInterval(() => {
    if (registration.installing || !navigator.onLine) return;
    void fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } })
      .then((response) => (response.status === 200 ? registration.update() : undefined))
      .catch(() => undefined);
  }, SERVICE_WORKER_CHECK_MS);
};

/** "New-version banner": a Reload button when an update is waiting. */
export const NewVersionBanner = () => {
  const { t } = useTranslation('shell');
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ onRegisteredSW: checkPeriodically });
  if (!needRefresh) return null;
  return (
    <div role="status" className="fixed bottom-4 left-4 z-40 flex items-center gap-3 rounded-lg border border-sky-400 bg-slate-900 px-4 py-3 text-sm text-slate-50 shadow-2xl">
      <span>{t('newVersion.message')}</span>
      <Button onClick={() => void updateServiceWorker(true)}>{t('newVersion.reload')}</Button>
      <Button variant="ghost" onClick={() => setNeedRefresh(false)}>
        {t('newVersion.later')}
      </Button>
    </div>
  );
};
