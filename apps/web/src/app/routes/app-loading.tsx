import { useTranslation } from 'react-i18next';

/** Shown while the first route module, or the signed-in shell around it, loads. */
export const AppLoading = () => {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-900 text-slate-100">
      <p role="status">{t('loading')}</p>
    </main>
  );
};
