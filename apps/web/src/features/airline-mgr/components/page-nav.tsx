import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The select fields of the airline-manager forms. */
export const selectClasses = 'rounded-md border border-slate-500 bg-slate-900 px-3 py-2 text-slate-50';

/** Previous and Next for a paged airline list; nothing when it fits on one page. */
export const PageNav = ({ label, pageIndex, totalPages, onPage }: { label: string; pageIndex: number; totalPages: number; onPage: (page: number) => void }) => {
  const { t } = useTranslation('airlineMgr');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex gap-2">
      <Button variant="secondary" disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
        {t('previous')}
      </Button>
      <Button variant="secondary" disabled={pageIndex + 1 >= totalPages} onClick={() => onPage(pageIndex + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
};
