import type { ReactNode } from 'react';
import { cn } from './cn';

/** The opaque card pages draw over the map (and auth pages over the background). */
export const Panel = ({ title, children, className }: { title?: string; children: ReactNode; className?: string }) => (
  <section
    aria-label={title}
    className={cn('pointer-events-auto rounded-xl border border-slate-700 bg-slate-900 p-6 text-slate-100 shadow-xl', className)}
  >
    {title ? <h1 className="mb-4 text-xl font-semibold text-white">{title}</h1> : null}
    {children}
  </section>
);
