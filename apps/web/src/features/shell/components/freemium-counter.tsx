import { useTranslation } from 'react-i18next';

export type FreemiumIcon = 'one' | 'two' | 'three' | 'other';

/** The icon varies for 1, 2, 3 or any other remaining count. */
export const freemiumIcon = (remaining: number): FreemiumIcon =>
  remaining === 1 ? 'one' : remaining === 2 ? 'two' : remaining === 3 ? 'three' : 'other';

/** Green unless none is left, then the warning colour. */
export const freemiumTone = (remaining: number): 'success' | 'warning' => (remaining === 0 ? 'warning' : 'success');

/** Ticket stubs: one bar per remaining mission up to three; a crossed ticket otherwise. */
const Icon = ({ icon }: { icon: FreemiumIcon }) => {
  const bars = icon === 'one' ? 1 : icon === 'two' ? 2 : icon === 'three' ? 3 : 0;
  return (
    <svg viewBox="0 0 24 16" aria-hidden="true" data-icon={icon} className="h-4 w-6" fill="none" stroke="currentColor" strokeWidth="1.5">
      <rect x="1" y="1" width="22" height="14" rx="3" />
      {bars === 0 ? <path d="M6 4 L18 12 M18 4 L6 12" /> : null}
      {Array.from({ length: bars }, (_, index) => (
        <rect key={index} x={5 + index * 5} y="4" width="3" height="8" fill="currentColor" stroke="none" />
      ))}
    </svg>
  );
};

/** "Freemium mission counter": missions left this month for a freemium pilot. */
export const FreemiumCounter = ({ remaining }: { remaining: number }) => {
  const { t } = useTranslation('shell');
  const tone = freemiumTone(remaining);
  return (
    <div
      role="status"
      data-tone={tone}
      aria-label={t('freemium.label', { count: remaining })}
      title={t('freemium.label', { count: remaining })}
      className={tone === 'warning' ? 'flex items-center gap-1 text-amber-300' : 'flex items-center gap-1 text-emerald-300'}
    >
      <Icon icon={freemiumIcon(remaining)} />
      <span className="text-sm font-semibold tabular-nums">{remaining}</span>
    </div>
  );
};
