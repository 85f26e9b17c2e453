import type { ReactNode } from 'react';
import { cn } from './cn';

type AlertTone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<AlertTone, string> = {
  error: 'border-red-400 bg-red-950 text-red-100',
  success: 'border-emerald-400 bg-emerald-950 text-emerald-100',
  info: 'border-sky-400 bg-sky-950 text-sky-100',
  warning: 'border-amber-400 bg-amber-950 text-amber-100',
};

/** A message box; errors are announced assertively, the others politely. */
export const Alert = ({ tone = 'info', children, className }: { tone?: AlertTone; children: ReactNode; className?: string }) => (
  <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-md border px-3 py-2 text-sm', tones[tone], className)}>
    {children}
  </div>
);
