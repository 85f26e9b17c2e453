import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dropdown, dropdownItemClasses } from '../../../components/ui/dropdown';

/**
 * "Help menu": the in-app help centre (issue 20: no made-up outside addresses).
 * Paths, not imports: the help feature owns the pages, the shell only links to them.
 */
const HELP_MENU_ENTRIES = [
  { to: '/help', labelKey: 'help.centre' },
  { to: '/help/getting-started', labelKey: 'help.gettingStarted' },
  { to: '/help/tracker', labelKey: 'help.tracker' },
  { to: '/help/scoring', labelKey: 'help.scoring' },
  { to: '/help/faq', labelKey: 'help.faq' },
] as const;

export const HelpMenu = () => {
  const { t } = useTranslation('shell');
  return (
    <Dropdown
      label={t('help.open')}
      placement="above"
      triggerClassName="h-10 w-10 justify-center border border-slate-600 bg-slate-900 text-lg font-bold text-slate-50 hover:bg-slate-700"
      trigger={<span aria-hidden="true">?</span>}
    >
      {(close) => (
        <ul className="flex flex-col">
          {HELP_MENU_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to} className={dropdownItemClasses} onClick={close}>
                {t(entry.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
};
