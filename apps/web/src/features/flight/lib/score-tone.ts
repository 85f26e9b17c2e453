/** The colour a score (0 to 100) is shown in. */
export type ScoreTone = 'success' | 'warning' | 'error' | 'neutral';

/** "Score colour": above 75 success, above 25 warning, otherwise error, neutral when empty. */
export const scoreTone = (score: number | null | undefined): ScoreTone => {
  if (score === null || score === undefined || Number.isNaN(score)) return 'neutral';
  if (score > 75) return 'success';
  if (score > 25) return 'warning';
  return 'error';
};

/** Text colours with at least 4.5:1 contrast on the slate-900 panels. */
export const scoreToneTextClass: Record<ScoreTone, string> = {
  success: 'text-emerald-300',
  warning: 'text-amber-300',
  error: 'text-red-300',
  neutral: 'text-slate-200',
};

export const scoreToneBarClass: Record<ScoreTone, string> = {
  success: 'bg-emerald-400',
  warning: 'bg-amber-400',
  error: 'bg-red-400',
  neutral: 'bg-slate-400',
};
