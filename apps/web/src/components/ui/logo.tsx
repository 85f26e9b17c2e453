/** The Contrail mark: a plane leaving two trails. Decorative: the text next to it names it. */
export const Logo = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
    <rect width="64" height="64" rx="14" fill="#0f172a" />
    <path d="M8 46 C22 42 34 34 44 22" stroke="#38bdf8" strokeWidth="4" fill="none" strokeLinecap="round" />
    <path d="M8 54 C24 50 38 42 48 28" stroke="#7dd3fc" strokeWidth="2.5" fill="none" strokeLinecap="round" opacity="0.7" />
    <path
      d="M56 10 L40 20 L30 18 L27 21 L36 25 L31 31 L26 30 L24 32 L30 35 L33 41 L35 39 L34 34 L40 29 L44 38 L47 35 L45 25 L55 9 Z"
      fill="#f8fafc"
    />
  </svg>
);
