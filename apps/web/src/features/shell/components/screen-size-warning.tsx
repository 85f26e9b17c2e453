import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Below 1024 px (lg) the overlays are hidden and this replaces them. */
export const SmallScreenWarning = () => {
  const { t } = useTranslation('shell');
  return (
    <div className="pointer-events-auto fixed inset-0 z-20 flex items-center justify-center bg-slate-950/90 p-6 lg:hidden">
      <div role="alert" className="max-w-md rounded-xl border border-amber-400 bg-slate-900 p-6 text-center text-slate-100">
        <h2 className="mb-2 text-lg font-semibold text-white">{t('screen.smallTitle')}</h2>
        <p className="text-sm">{t('screen.smallText')}</p>
      </div>
    </div>
  );
};

/** From 1024 px up to 1536 px (2xl) a dismissible note says the app is best on a larger screen. */
export const LargeScreenWarning = () => {
  const { t } = useTranslation('shell');
  const [isDismissed, setIsDismissed] = useState(false);
  if (isDismissed) return null;
  return (
    <div role="status" className="pointer-events-auto hidden items-center gap-3 rounded-md border border-sky-500 bg-slate-900 px-3 py-1.5 text-xs text-slate-100 lg:flex 2xl:hidden">
      <span>{t('screen.largeText')}</span>
      <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => setIsDismissed(true)}>
        {t('screen.dismiss')}
      </Button>
    </div>
  );
};
