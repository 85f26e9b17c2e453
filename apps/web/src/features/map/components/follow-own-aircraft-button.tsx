import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { followOwnAircraftStore, useFollowOwnAircraft } from '../hooks/use-follow-own-aircraft';

/**
 * The corner toggle of follow mode: while on, the live map keeps the pilot's aircraft centred;
 * dragging the map turns it off. Shown only while the pilot's own aircraft is on the map.
 */
export const FollowOwnAircraftButton = () => {
  const { t } = useTranslation('map');
  const isFollowing = useFollowOwnAircraft();
  // A toggle keeps its name; aria-pressed says whether it is on (the tooltip says what a click does).
  return (
    <button
      type="button"
      aria-pressed={isFollowing}
      title={isFollowing ? t('own.stopFollowing') : t('own.follow')}
      aria-label={t('own.follow')}
      onClick={() => followOwnAircraftStore.set(!isFollowing)}
      className={cn(
        'flex h-10 w-10 items-center justify-center rounded-md border border-slate-600 text-slate-50 hover:bg-slate-700',
        isFollowing ? 'bg-green-700' : 'bg-slate-900',
      )}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6">
        <circle cx="12" cy="12" r="3" />
        <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
      </svg>
    </button>
  );
};
