import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_LABEL } from '../config/app-config';
import { focusRing } from './ui/button';
import { cn } from './ui/cn';
import { Logo } from './ui/logo';

/** Logo, name and version label (top-left, version 2.6). */
export const Brand = ({ className }: { className?: string }) => {
  const { t } = useTranslation('common');
  return (
    <div className={cn('pointer-events-auto flex items-center gap-2', className)}>
      <Link to="/" className={cn('flex items-center gap-2 rounded-md', focusRing)} aria-label={t('brand.home')}>
        <Logo className="h-9 w-9" />
        <span className="text-lg font-bold tracking-wide text-white">Contrail</span>
      </Link>
      <span className="rounded bg-slate-800 px-1.5 py-0.5 text-xs font-medium text-slate-200" aria-label={t('brand.version', { version: APP_VERSION_LABEL })}>
        v{APP_VERSION_LABEL}
      </span>
    </div>
  );
};
