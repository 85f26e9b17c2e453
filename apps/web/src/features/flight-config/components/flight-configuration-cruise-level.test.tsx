import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { renderWithProviders } from '../../../testing/render';
import { FlightConfigurationForm, type AirportFieldProps } from './flight-configuration-form';

const aircraft = ['A320', 'C172'].map((icao) => findAircraftByIcao(icao)).filter((type): type is TAircraftInformation => type !== undefined);

/** Frankfurt and Stuttgart: an 85 NM hop (issue 20: such hops were configured at FL350). */
const AIRPORTS: Record<string, TFlightAirport> = {
  EDDF: { ident: 'EDDF', position: { latitudeDeg: 50.033333, longitudeDeg: 8.570556, elevationFt: 364 } },
  EDDS: { ident: 'EDDS', position: { latitudeDeg: 48.689899, longitudeDeg: 9.22196, elevationFt: 1276 } },
};

const AirportField = ({ label, onChange, onBlur }: AirportFieldProps) => (
  <input
    aria-label={label}
    onBlur={(event) => {
      onChange(event.target.value ? { ident: event.target.value.toUpperCase(), label: event.target.value } : null);
      onBlur();
    }}
  />
);

const renderForm = () => {
  const findFlightAirport = vi.fn(async (ident: string) => AIRPORTS[ident]!);
  renderWithProviders(
    <FlightConfigurationForm
      aircraft={aircraft}
      plan={null}
      onPlanChange={vi.fn()}
      renderAirportField={(props) => <AirportField {...props} />}
      findFlightAirport={findFlightAirport}
      onSubmit={vi.fn()}
      submitLabel="Connect the tracker"
    />,
  );
  return findFlightAirport;
};

const chooseRoute = async (icao: string) => {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aircraft' }), icao);
  fireEvent.blur(screen.getByLabelText('Departure airport'), { target: { value: 'EDDF' } });
  fireEvent.blur(screen.getByLabelText('Arrival airport'), { target: { value: 'EDDS' } });
};

describe('the cruise level the configuration starts with', () => {
  it("is the planner's level for the route and aircraft, not FL350", async () => {
    const findFlightAirport = renderForm();
    const level = screen.getByLabelText(/Cruise level/);
    await chooseRoute('A320');
    // 85 NM south-south-east: eastbound, odd thousands, low enough to cruise a while (FL110).
    await waitFor(() => expect(level).toHaveValue(11000));
    expect(findFlightAirport).toHaveBeenCalledWith('EDDS');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aircraft' }), 'C172');
    await waitFor(() => expect(Number((level as HTMLInputElement).value)).toBeLessThanOrEqual(findAircraftByIcao('C172')!.cruiseAltitudeFt));
  });

  it('leaves a level the pilot typed alone', async () => {
    renderForm();
    const level = screen.getByLabelText(/Cruise level/);
    await userEvent.clear(level);
    await userEvent.type(level, '24000');
    await userEvent.tab();
    await chooseRoute('A320');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(level).toHaveValue(24000);
  });
});
