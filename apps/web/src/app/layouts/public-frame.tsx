import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand';
import { LanguageSelect } from '../../components/language-select';
import { TextLink } from '../../components/ui/text-link';

/** The frame of pages shown without the application shell (sign-in, registration...). */
export const PublicFrame = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('shell');
  return (
    <div className="flex min-h-screen flex-col bg-slate-900 bg-[radial-gradient(circle_at_50%_0%,#1e3a5f_0%,#0f172a_70%)] text-slate-100">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-6 py-4">
        <Brand />
        <div className="flex items-center gap-4">
          {/* Help is for visitors too: what Contrail and the tracker are, before making an account. */}
          <TextLink to="/help">{t('help.open')}</TextLink>
          <LanguageSelect />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8">{children}</main>
    </div>
  );
};
