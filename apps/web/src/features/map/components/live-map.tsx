import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maplibreLocale } from '../../../lib/maplibre-locale';
import { useIsAuthenticated } from '../../../lib/session';
import { useAirlineMapItems } from '../api/get-airline-map-items';
import { useAirportsMap } from '../api/get-airports-map';
import { useLastPosition } from '../hooks/use-last-position';
import { followOwnAircraftStore, useFollowFocusRequest, useFollowOwnAircraft } from '../hooks/use-follow-own-aircraft';
import { useLiveTraffic, type TrafficState } from '../hooks/use-live-traffic';
import { mapSettingsStore, useMapSettings } from '../hooks/use-map-settings';
import { networkStatusStore, type NetworkStatus } from '../hooks/use-network-status';
import { liveMapConfig, type LiveMapConfig } from '../lib/map-config';
import type { LiveMapController, MapSelection, OwnFlight } from '../lib/map-controller';
import type { TrafficSource } from '../lib/moving-aircraft';

export type { MapSelection, OwnFlight };

type LiveMapProps = {
  /** A plane or an airport was clicked: the app opens the side panel for it. */
  onSelect: (selection: MapSelection) => void;
  /** The plane the side panel shows (highlighted on the map); null when the panel is closed. */
  selectedPlaneId: string | null;
  /** The signed-in pilot's flight in progress, from their live data; null when not flying. */
  ownFlight?: OwnFlight | null;
  /** Airlines whose hubs and planes the map shows: the pilot's, or the one the manager runs. */
  airlineIds?: readonly string[];
  /** Frame those airlines' hubs and planes once they are known (the airline manager's map). */
  focusAirlines?: boolean;
  config?: LiveMapConfig;
  /** The live channel pushed a change: the pilot's own flight (which the in-progress list leaves out) is read again. */
  onLiveRefresh?: () => void;
};

const NO_AIRLINES: readonly string[] = [];

/** MapLibre needs WebGL 2; without it (old browsers, jsdom) the background stays a plain picture. */
const isWebGl2Available = (): boolean => typeof WebGL2RenderingContext !== 'undefined';

declare global {
  // Read by the browser journeys and the map benchmark (e2e/).
  var __contrailLiveMap: LiveMapController | undefined;
}

/**
 * The live map filling the shell's background: MapLibre with the offline world
 * map (or VITE_MAP_STYLE_URL), airports, Contrail's own traffic, VATSIM and IVAO, day-night and
 * the weather tiles, as the map settings say. MapLibre is loaded on demand (its own chunk).
 */
export const LiveMap = ({ onSelect, selectedPlaneId, ownFlight = null, airlineIds = NO_AIRLINES, focusAirlines = false, config = liveMapConfig, onLiveRefresh }: LiveMapProps) => {
  const { t, i18n } = useTranslation('map');
  const containerRef = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const [controller, setController] = useState<LiveMapController | null>(null);
  const [isUnsupported, setIsUnsupported] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !isWebGl2Available()) {
      setIsUnsupported(true);
      return undefined;
    }
    let created: LiveMapController | null = null;
    let isCancelled = false;
    void (async () => {
      try {
        const [{ LiveMapController: Controller }, { loadWorldBasemap }] = await Promise.all([
          import('../lib/map-controller'),
          import('../lib/world-basemap'),
          import('../lib/maplibre-setup'),
        ]);
        if (isCancelled) return;
        created = new Controller({
          container,
          config,
          settings: mapSettingsStore.get(),
          onSelect: (selection) => onSelectRef.current(selection),
          locale: maplibreLocale(i18n),
          loadBasemap: loadWorldBasemap,
          onFollowEnded: () => followOwnAircraftStore.set(false),
        });
        globalThis.__contrailLiveMap = created;
        setController(created);
      } catch (error) {
        console.warn('live map: MapLibre could not start', error);
        if (!isCancelled) setIsUnsupported(true);
      }
    })();
    return () => {
      isCancelled = true;
      if (created && globalThis.__contrailLiveMap === created) globalThis.__contrailLiveMap = undefined;
      created?.destroy();
    };
  }, [config, i18n]);

  useEffect(() => controller?.setSelectedPlane(selectedPlaneId), [controller, selectedPlaneId]);

  return (
    <>
      {/* MapLibre's stylesheet makes its container position: relative, so the fixed frame is a wrapper. */}
      <div className="fixed inset-0 z-0 bg-slate-800 bg-[radial-gradient(circle_at_50%_40%,#1e3a5f_0%,#1e293b_60%,#0f172a_100%)]">
        <div
          id="map-root"
          ref={containerRef}
          role="region"
          aria-label={t('label')}
          data-state={controller ? 'ready' : isUnsupported ? 'unsupported' : 'loading'}
          className="h-full w-full"
        />
      </div>
      {controller ? <LiveMapSync controller={controller} ownFlight={ownFlight} airlineIds={airlineIds} focusAirlines={focusAirlines} onLiveRefresh={onLiveRefresh} /> : null}
      {isUnsupported ? (
        <p role="status" className="pointer-events-none fixed bottom-4 left-4 z-10 rounded-md bg-slate-900 px-3 py-2 text-xs text-slate-200">
          {t('unsupported')}
        </p>
      ) : null}
    </>
  );
};

/** Gives the controller each new snapshot of one traffic source. */
const useTrafficSync = (controller: LiveMapController, source: TrafficSource, state: TrafficState) => {
  const { aircraft, receivedAtMs } = state;
  useEffect(() => {
    if (aircraft) controller.setTraffic(source, aircraft, receivedAtMs || Date.now());
  }, [controller, source, aircraft, receivedAtMs]);
};

/** Hands data and settings to the controller; renders nothing (no per-frame React work). */
type LiveMapSyncProps = {
  controller: LiveMapController;
  ownFlight: OwnFlight | null;
  airlineIds: readonly string[];
  focusAirlines: boolean;
  onLiveRefresh: (() => void) | undefined;
};

const LiveMapSync = ({ controller, ownFlight, airlineIds, focusAirlines, onLiveRefresh }: LiveMapSyncProps) => {
  const settings = useMapSettings();
  const isFollowing = useFollowOwnAircraft();
  const isSignedIn = useIsAuthenticated();
  const traffic = useLiveTraffic(settings.networks, isSignedIn, onLiveRefresh);
  const airports = useAirportsMap();
  const lastPosition = useLastPosition(settings.networks.lastPosition);
  const airlineItems = useAirlineMapItems(isSignedIn ? airlineIds : NO_AIRLINES);

  useEffect(() => controller.applySettings(settings), [controller, settings]);
  useEffect(() => {
    if (airports.data) controller.setAirports(airports.data);
  }, [controller, airports.data]);
  useEffect(() => controller.setOwnFlight(ownFlight), [controller, ownFlight]);
  useEffect(() => controller.setAirlineItems(airlineItems), [controller, airlineItems]);
  // Framed once per airline, when its items first arrive: later refreshes leave the view to the user.
  const focusedFor = useRef<string | null>(null);
  const airlinesKey = airlineIds.join(',');
  useEffect(() => {
    if (!focusAirlines || airlineItems.length === 0 || focusedFor.current === airlinesKey) return;
    focusedFor.current = airlinesKey;
    controller.focusOnAirlineItems();
  }, [controller, focusAirlines, airlineItems, airlinesKey]);
  useEffect(() => controller.setFollowing(isFollowing), [controller, isFollowing]);
  // A flight in progress opens the map framed on the aircraft, followed (once per flight and visit).
  const ownFlightId = ownFlight?.position ? ownFlight.flightId : null;
  useEffect(() => {
    if (ownFlightId) followOwnAircraftStore.followOnce(ownFlightId);
  }, [ownFlightId]);
  const focusRequest = useFollowFocusRequest();
  const handledFocusRequest = useRef(focusRequest);
  useEffect(() => {
    if (focusRequest === handledFocusRequest.current || !ownFlightId) return;
    handledFocusRequest.current = focusRequest;
    controller.focusOwnAircraft();
  }, [controller, focusRequest, ownFlightId]);
  // While flying, the pilot is where their aircraft is: "last position" marks it, not the departure airport.
  const ownPosition = ownFlight?.position ?? null;
  const shown = ownPosition
    ? { ident: ownFlight?.flightNumber ?? '', latitudeDeg: ownPosition.latitudeDeg, longitudeDeg: ownPosition.longitudeDeg }
    : lastPosition;
  const { ident, latitudeDeg, longitudeDeg } = shown ?? {};
  useEffect(() => {
    controller.setLastPosition(ident !== undefined && latitudeDeg !== undefined && longitudeDeg !== undefined ? { ident, latitudeDeg, longitudeDeg } : null);
  }, [controller, ident, latitudeDeg, longitudeDeg]);

  useTrafficSync(controller, 'contrail', traffic.contrail);
  useTrafficSync(controller, 'vatsim', traffic.vatsim);
  useTrafficSync(controller, 'ivao', traffic.ivao);

  // What a layer turned on cannot draw is said in the map settings (never a note over the page).
  const reasonOf = (source: TrafficSource) => (settings.networks[source] ? traffic[source].unavailable : null);
  const [contrailReason, vatsimReason, ivaoReason] = [reasonOf('contrail'), reasonOf('vatsim'), reasonOf('ivao')];
  useEffect(() => {
    const status: NetworkStatus = {};
    if (contrailReason) status.contrail = contrailReason;
    if (vatsimReason) status.vatsim = vatsimReason;
    if (ivaoReason) status.ivao = ivaoReason;
    networkStatusStore.set(status);
  }, [contrailReason, vatsimReason, ivaoReason]);

  return null;
};
