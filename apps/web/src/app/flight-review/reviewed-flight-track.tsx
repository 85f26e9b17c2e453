import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFlightReviewDetail } from '@contrail/domain/flight-review/review-contract';
import { AltitudeSpeedChart } from '../../features/flight-log/components/altitude-speed-chart';
import { FlightTrackMap } from '../../features/flight-log/components/flight-track-map';
import type { MapMarker } from '../../features/flight-log/lib/track';

/**
 * A reviewed flight's track (the flight log's map, which loads MapLibre only when drawn) and its
 * altitude and speed profile, for the reviewers' queues.
 */
const ReviewedFlightTrack = ({ flight }: { flight: TFlightReviewDetail }) => {
  const { t } = useTranslation('flightReview');
  const route = `${flight.departureIdent} → ${flight.arrivalIdent}`;
  // Where the frames start and stop (the detail carries no airport positions), and the touchdown.
  const markers = useMemo<MapMarker[]>(() => {
    const first = flight.positionHistory[0];
    const last = flight.positionHistory.at(-1);
    const list: MapMarker[] = [];
    if (first) list.push({ id: 'departure', label: flight.departureIdent, latitude: first.latitude, longitude: first.longitude, colour: '#38bdf8' });
    if (last && last !== first) list.push({ id: 'stop', label: 'stop', latitude: last.latitude, longitude: last.longitude, colour: '#f472b6' });
    if (flight.landing) list.push({ id: 'touchdown', label: 'touchdown', latitude: flight.landing.latitudeDeg, longitude: flight.landing.longitudeDeg, colour: '#facc15' });
    return list;
  }, [flight]);
  return (
    <div className="flex flex-col gap-4">
      <FlightTrackMap points={flight.positionHistory} markers={markers} label={t('detail.mapLabel', { flightNumber: flight.flightNumber, route })} />
      <h4 className="text-sm font-semibold text-white">{t('detail.profile')}</h4>
      <AltitudeSpeedChart points={flight.positionHistory} cruiseLevelFt={0} />
    </div>
  );
};

export const renderReviewedTrack = (flight: TFlightReviewDetail) => <ReviewedFlightTrack flight={flight} />;
