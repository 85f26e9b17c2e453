import { useParams } from 'react-router';
import { FlightLogDetail } from '../../features/flight-log/components/flight-log-detail';

/** /flight-log/{flightId}: one flight's log (the id is the flight log's id). */
export const Component = () => {
  const { flightId = '' } = useParams();
  return <FlightLogDetail key={flightId} id={flightId} />;
};
