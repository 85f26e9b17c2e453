import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBookedFlight } from '@contrail/domain/flight-plan/flight-plan-contract';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/handle-error';
import { useAfrvBookings } from '../api/get-afrv-bookings';

/** The configuration address that preloads a booked flight. */
export const bookingConfigurationPath = (booking: TBookedFlight): string => {
  const params = new URLSearchParams({
    type: 'NORMAL',
    departure: booking.flight.departureAirport,
    arrival: booking.flight.arrivalAirport,
    flightNumber: booking.flight.flightNumber,
    aircraft: booking.flight.aircraft.icao,
    afrvBidId: booking.bidId,
  });
  return `/flight/configuration?${params.toString()}`;
};

/** /flight/afrv: the pilot's booked flights from the external booking service (spec "Booked flight list"). */
export const AfrvBookings = () => {
  const { t } = useTranslation('flight');
  const bookings = useAfrvBookings();
  if (bookings.isPending) return <p role="status">{t('common:loading')}</p>;
  if (bookings.isError) {
    return (
      <Alert tone="error">
        {errorMessage(bookings.error)}{' '}
        <Link to="/profile" className="underline">
          {t('afrv.openProfile')}
        </Link>{' '}
        <Link to="/help/afrv" className="underline">
          {t('afrv.help')}
        </Link>
      </Alert>
    );
  }
  const { flights, isGrounded } = bookings.data;
  return (
    <div className="flex flex-col gap-3">
      {isGrounded ? <Alert tone="warning">{t('afrv.grounded')}</Alert> : null}
      {flights.length === 0 ? (
        <p className="text-sm text-slate-200">{t('afrv.empty')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('afrv.caption')}</caption>
          <thead>
            <tr className="text-slate-300">
              <th scope="col">{t('afrv.flight')}</th>
              <th scope="col">{t('afrv.route')}</th>
              <th scope="col">{t('afrv.aircraft')}</th>
              <th scope="col">
                <span className="sr-only">{t('afrv.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {flights.map((booking) => (
              <tr key={booking.bidId} className="border-t border-slate-700">
                <td className="py-2 font-semibold text-white">{booking.flight.flightNumber}</td>
                <td>{`${booking.flight.departureAirport} → ${booking.flight.arrivalAirport}`}</td>
                <td>{`${booking.flight.aircraft.icao} · ${booking.flight.aircraft.registration}`}</td>
                <td className="text-right">
                  {isGrounded ? null : (
                    <Link to={bookingConfigurationPath(booking)} className={buttonClasses('secondary')}>
                      {t('afrv.fly', { flightNumber: booking.flight.flightNumber })}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
};
