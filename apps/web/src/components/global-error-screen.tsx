import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from './ui/button';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
};

/** "Global error screen": route errors end here. */
export const GlobalErrorScreen = () => {
  const error = useRouteError();
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-900 p-6 text-slate-100">
      <div className="max-w-xl rounded-xl border border-red-400 bg-slate-950 p-6">
        <h1 className="mb-3 text-2xl font-bold text-white">{t('errorScreen.title')}</h1>
        <p>{t('errorScreen.intro')}</p>
        <pre className="my-3 overflow-auto rounded bg-slate-800 p-3 text-sm whitespace-pre-wrap text-red-200">{describe(error)}</pre>
        <p className="mb-4 text-sm text-slate-200">{t('errorScreen.support')}</p>
        <a href="/" className={buttonClasses('primary')}>
          {t('errorScreen.reload')}
        </a>
      </div>
    </main>
  );
};
