import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

/** Simple line icons, decorative (the link text names each entry). */
const icons: Record<string, string> = {
  dashboard: 'M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z',
  flightLog: 'M5 3h11l3 3v15H5zM8 9h8M8 13h8M8 17h5',
  aircraftConfig: 'M2 13l9-2V5a1 1 0 0 1 2 0v6l9 2v2l-9-1v5l3 2v1l-4-1-4 1v-1l3-2v-5l-9 1z',
  inventory: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  store: 'M4 4h2l2 11h11l2-8H7M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm9 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  airlineSearch: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm10 17-5-5',
  hub: 'M12 2l8 4.5v9L12 20l-8-4.5v-9zM12 7v8M8 9l4 2 4-2',
};

const NavIcon = ({ name }: { name: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
    <path d={icons[name]} />
  </svg>
);

/** The six entries of the left vertical nav. */
export const sideNavEntries = [
  { key: 'dashboard', to: '/dashboard' },
  { key: 'flightLog', to: '/flight-log' },
  { key: 'aircraftConfig', to: '/configuration/aircraft' },
  { key: 'inventory', to: '/inventory' },
  { key: 'store', to: '/store' },
  { key: 'airlineSearch', to: '/pilot/airline/search' },
] as const;

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-sky-800 text-white' : 'text-slate-100 hover:bg-slate-700',
    focusRing,
  );

export const SideNav = () => {
  const { t } = useTranslation('shell');
  return (
    <div className="pointer-events-auto flex flex-col gap-3">
      <NavLink to="/coming-soon" className={({ isActive }) => cn(itemClasses({ isActive }), 'border border-sky-500 bg-slate-900')}>
        <NavIcon name="hub" />
        <span>{t('nav.hub')}</span>
      </NavLink>
      <nav aria-label={t('nav.label')} className="rounded-xl border border-slate-700 bg-slate-900 p-2 shadow-xl">
        <ul className="flex flex-col gap-1">
          {sideNavEntries.map((entry) => (
            <li key={entry.key}>
              <NavLink to={entry.to} className={itemClasses}>
                <NavIcon name={entry.key} />
                <span>{t(`nav.${entry.key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
};
