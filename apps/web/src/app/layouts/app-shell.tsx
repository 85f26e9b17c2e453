import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand';
import { UnverifiedEmailBanner } from '../../features/auth/components/unverified-email-banner';
import { FlightWidget } from '../../features/flight/components/flight-widget';
import { flightQueryKeys } from '../../features/flight/api/query-keys';
import { currentFlightQueryOptions } from '../../features/flight/api/retrieve-flight-for-user';
import { useFlightSession } from '../../features/flight/lib/flight-session-store';
import { FollowOwnAircraftButton } from '../../features/map/components/follow-own-aircraft-button';
import { followOwnAircraftStore } from '../../features/map/hooks/use-follow-own-aircraft';
import { LiveMap } from '../../features/map/components/live-map';
import { MapSettingsButton } from '../../features/map/components/map-settings-button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { Balance } from '../../features/shell/components/balance';
import { FreemiumCounter } from '../../features/shell/components/freemium-counter';
import { HelpMenu } from '../../features/shell/components/help-menu';
import { ProfileMenu } from '../../features/shell/components/profile-menu';
import { LargeScreenWarning, SmallScreenWarning } from '../../features/shell/components/screen-size-warning';
import { SideNav } from '../../features/shell/components/side-nav';
import { SidePanel, type SidePanelSubject } from '../../features/side-panel/components/side-panel';
import { UtcClock } from '../../features/shell/components/utc-clock';
import { useAppMode, type AppMode } from '../../lib/app-mode';
import { toOwnFlight } from '../flight/own-flight';
import { useMapAirlineIds, useShellBalance } from '../airline/shell-airline';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { useCurrentUser } from '../../lib/auth';
import { useElementHeight } from '../../lib/use-element-height';
import { isPremium } from '../../lib/tiers';

/** The bottom overlays sit this far above the window's bottom edge (Tailwind bottom-4). */
const BOTTOM_OVERLAY_OFFSET_PX = 16;
/** Space kept between a page's last control and the overlays' top edge. */
const BOTTOM_OVERLAY_GAP_PX = 16;

/**
 * The application shell: the live map in the background and the overlays
 * around the routed page. Overlays show from 1024 px (lg); below, a screen-size warning.
 */
export const AppShell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('shell');
  const { t: tMap } = useTranslation('map');
  const mode = useAppMode();
  const user = useCurrentUser();
  const isPilotMode = mode === 'pilot';
  // What the side panel shows: the map opens it for a plane or an airport; its button closes it.
  const [sidePanelSubject, setSidePanelSubject] = useState<SidePanelSubject | null>(null);
  const flightSessionState = useFlightSession();
  // The page, the nav and the side panel end above the bottom overlays (flight widget, corner
  // buttons): no overlay ever lies over a page's content, whatever height the widget takes.
  const bottomOverlayRef = useRef<HTMLDivElement>(null);
  const cornerRef = useRef<HTMLElement>(null);
  const bottomClearancePx = Math.max(useElementHeight(bottomOverlayRef), useElementHeight(cornerRef)) + BOTTOM_OVERLAY_OFFSET_PX + BOTTOM_OVERLAY_GAP_PX;
  // The pilot's flight on the map whichever device records it: this browser's hub, or the
  // server's record, read again at each push of the live channel.
  const serverFlightQuery = useQuery({ ...currentFlightQueryOptions(), enabled: isPilotMode && user !== undefined && user !== null });
  const serverFlight = serverFlightQuery.data ?? null;
  const serverReceivedAtMs = serverFlightQuery.dataUpdatedAt;
  const ownFlight = useMemo(
    () => (isPilotMode && user ? toOwnFlight(flightSessionState, serverFlight, serverReceivedAtMs) : null),
    [flightSessionState, serverFlight, serverReceivedAtMs, isPilotMode, user],
  );
  const queryClient = useQueryClient();
  const refreshOwnFlight = useCallback(() => void queryClient.invalidateQueries({ queryKey: flightQueryKeys.current() }), [queryClient]);
  const navigate = useNavigate();
  const showOwnAircraft = useCallback(() => {
    followOwnAircraftStore.focus();
    void navigate('/');
  }, [navigate]);
  const airlineIds = useMapAirlineIds(mode, user?.id);

  return (
    <div className="relative h-screen w-screen overflow-hidden text-slate-100">
      <LiveMap
        onSelect={setSidePanelSubject}
        selectedPlaneId={sidePanelSubject?.kind === 'plane' ? sidePanelSubject.planeId : null}
        ownFlight={ownFlight}
        airlineIds={airlineIds}
        focusAirlines={!isPilotMode}
        onLiveRefresh={user && isPilotMode ? refreshOwnFlight : undefined}
      />
      <SmallScreenWarning />

      <div className="pointer-events-none relative z-10 hidden h-full flex-col lg:flex">
        <header className="flex items-start justify-between gap-4 p-4">
          <div className="flex flex-col gap-2">
            <Brand className="rounded-lg bg-slate-900 px-3 py-2 shadow-xl" />
            <LargeScreenWarning />
          </div>
          <div className="flex flex-col items-end gap-2">
            <div
              aria-label={t('topBar.label')}
              className="pointer-events-auto flex items-center gap-3 rounded-xl border border-slate-700 bg-slate-900 px-3 py-1.5 shadow-xl"
            >
              {user ? <NotificationBell userId={user.id} /> : null}
              <UtcClock />
              {user ? <ShellBalance mode={mode} user={user} /> : null}
              {user && isPilotMode && !isPremium(user, 'pilot') ? <FreemiumCounter remaining={user.nbFreemiumMissionRemaining} /> : null}
              {user ? <ProfileMenu user={user} mode={mode} /> : null}
            </div>
            <UnverifiedEmailBanner />
          </div>
        </header>

        <div className="flex min-h-0 flex-1 gap-4 px-4" style={{ paddingBottom: bottomClearancePx }}>
          <div className="shrink-0">
            <SideNav />
          </div>
          {/* A page takes the wheel and clicks over its whole column (the map behind does not zoom
              under it); the home route renders nothing, and the map stays in reach. */}
          <main id="main" className="min-h-0 flex-1 overflow-y-auto has-[>*]:pointer-events-auto">
            {children}
          </main>
          {sidePanelSubject ? (
            <div className="flex min-h-0 shrink-0">
              <SidePanel subject={sidePanelSubject} onClose={() => setSidePanelSubject(null)} />
            </div>
          ) : null}
        </div>

        <div className="pointer-events-none absolute inset-x-0 bottom-4 flex justify-center">
          <div ref={bottomOverlayRef} data-overlay="flight-widget">{isPilotMode ? <FlightWidget
                onShowOnMap={ownFlight?.position ? showOwnAircraft : undefined}
                showOnMapLabel={ownFlight ? tMap('own.showOnMap', { flightNumber: ownFlight.flightNumber }) : undefined}
              /> : null}</div>
        </div>
        <aside ref={cornerRef} data-overlay="corner" aria-label={t('corner.label')} className="pointer-events-auto absolute right-4 bottom-4 flex gap-2">
          {ownFlight?.position ? <FollowOwnAircraftButton /> : null}
          <MapSettingsButton />
          <HelpMenu />
        </aside>
      </div>
    </div>
  );
};

/** The top bar's balance for the current mode (the airline's in airline mode). */
const ShellBalance = ({ mode, user }: { mode: AppMode; user: TUserInformation }) => <Balance {...useShellBalance(mode, user)} />;
