import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { followOwnAircraftStore, useFollowOwnAircraft } from '../hooks/use-follow-own-aircraft';

/**
 * The follow control, shown while the pilot's own aircraft is on the map: while on (pressed) the
 * live map keeps the aircraft centred; panning the map away turns it off, and a click takes the map
 * back to the aircraft. Its visible name is its accessible name; aria-pressed says whether it is on.
 */
export const FollowOwnAircraftButton = () => {
  const { t } = useTranslation('map');
  const isFollowing = useFollowOwnAircraft();
  return (
    <button
      type="button"
      aria-pressed={isFollowing}
      title={isFollowing ? t('own.stopFollowing') : t('own.followAgain')}
      onClick={() => (isFollowing ? followOwnAircraftStore.set(false) : followOwnAircraftStore.focus())}
      className={cn(
        'flex h-10 items-center justify-center gap-2 rounded-md border px-3 text-sm font-semibold text-slate-50 hover:bg-slate-700',
        isFollowing ? 'border-green-500 bg-green-800' : 'border-slate-600 bg-slate-900',
      )}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.6">
        <circle cx="12" cy="12" r="3" />
        <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
      </svg>
      {t('own.follow')}
    </button>
  );
};
