import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { flightReviewRoutes } from '@contrail/domain/flight-review/review-routes';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { Dropdown, dropdownItemClasses } from '../../../components/ui/dropdown';
import { apiClient } from '../../../lib/api-client';
import type { AppMode } from '../../../lib/app-mode';
import { isPremium } from '../../../lib/tiers';
import { TierLabel } from './tier-label';

type ProfileMenuProps = { user: TUserInformation; mode: AppMode };

/**
 * The site admins' review queue, for those the server lets read it: the menu asks once it is
 * opened (a pilot's answer is a refusal, and the entry stays hidden).
 */
const SiteReviewEntry = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation('flightReview');
  const queue = useQuery({
    queryKey: ['flight-review', 'site', 'access'],
    queryFn: () => apiClient.call(flightReviewRoutes.adminQueue, { query: { status: 'pending', page: 0, size: 1 } }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (!queue.isSuccess) return null;
  return (
    <li>
      <Link to="/admin/flight-review" className={dropdownItemClasses} onClick={onNavigate}>
        {t('nav.site')}
      </Link>
    </li>
  );
};

export const ProfileMenu = ({ user, mode }: ProfileMenuProps) => {
  const { t } = useTranslation('shell');
  const premium = isPremium(user, mode);
  const name = user.displayName ?? user.userName;
  const entries = [
    { to: mode === 'airline_manager' ? '/airline-mgr/subscription' : '/subscription', label: mode === 'airline_manager' ? t('profileMenu.airlineSubscription') : t('profileMenu.subscription') },
    { to: '/affiliation', label: t('profileMenu.inviteFriends') },
    { to: '/profile', label: t('profileMenu.profile') },
    { to: '/wallet', label: t('profileMenu.wallet') },
    { to: '/logout', label: t('profileMenu.logout') },
  ];
  return (
    <Dropdown
      triggerClassName="px-1 py-1 hover:bg-slate-700"
      trigger={
        <>
          {user.photo ? (
            <img src={user.photo} alt="" className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-sky-800 text-sm font-bold text-white">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="max-w-32 truncate text-sm font-medium text-slate-50">{name}</span>
          <TierLabel isPremium={premium} />
          <span className="sr-only">{t('profileMenu.open')}</span>
        </>
      }
    >
      {(close) => (
        <ul className="flex flex-col">
          <SiteReviewEntry onNavigate={close} />
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to} className={dropdownItemClasses} onClick={close}>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
};
