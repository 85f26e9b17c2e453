import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from './panel';

/** A page's loading line, on its own card so that it reads over the map. */
export const PageLoading = () => {
  const { t } = useTranslation('common');
  return (
    <p role="status" className="pointer-events-auto rounded bg-slate-900 p-4">
      {t('loading')}
    </p>
  );
};

/** A page that has nothing to show but a message: no such flight, or why it could not be loaded. */
export const PageMessage = ({ title, children }: { title: string; children: ReactNode }) => (
  <Panel title={title} className="mx-auto max-w-3xl">
    {children}
  </Panel>
);
