import type { ReactNode } from 'react';
import { Brand } from '../../components/brand';
import { LanguageSelect } from '../../components/language-select';

/** The frame of pages shown without the application shell (sign-in, registration...). */
export const PublicFrame = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-screen flex-col bg-slate-900 bg-[radial-gradient(circle_at_50%_0%,#1e3a5f_0%,#0f172a_70%)] text-slate-100">
    <header className="flex items-center justify-between px-6 py-4">
      <Brand />
      <LanguageSelect />
    </header>
    <main className="flex flex-1 items-start justify-center px-4 py-8">{children}</main>
  </div>
);
