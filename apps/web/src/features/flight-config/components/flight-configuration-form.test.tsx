import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parseSimbriefXml } from '@contrail/domain/flight-plan/parse-simbrief';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { pilotLicences, type TLicenseAircraft } from '@contrail/domain/reference/pilot-licences';
import { renderWithProviders } from '../../../testing/render';
import { formValuesFromPlan } from '../lib/flight-configuration-form';
import { FlightConfigurationForm, type AirportFieldProps } from './flight-configuration-form';

const aircraft = ['A320', 'B738'].map((icao) => findAircraftByIcao(icao)).filter((type): type is TAircraftInformation => type !== undefined);
const NOW = Date.parse('2026-03-01T09:47:00Z');

/** A plain text input standing in for the airport search (the page composes the real one). */
const AirportField = ({ label, value, onChange, onBlur, error }: AirportFieldProps) => (
  <label>
    {label}
    <input
      aria-label={label}
      defaultValue={value?.ident ?? ''}
      onBlur={(event) => {
        onChange(event.target.value ? { ident: event.target.value.toUpperCase(), label: event.target.value } : null);
        onBlur();
      }}
    />
    {error ? <span role="alert">{error}</span> : null}
  </label>
);

const renderForm = (onSubmit = vi.fn(), options: { aircraft?: TAircraftInformation[]; heldLicences?: TLicenseAircraft[] } = {}) => {
  renderWithProviders(
    <FlightConfigurationForm
      aircraft={options.aircraft ?? aircraft}
      heldLicences={options.heldLicences}
      plan={null}
      onPlanChange={vi.fn()}
      renderAirportField={(props) => <AirportField {...props} />}
      onSubmit={onSubmit}
      submitLabel="Connect the tracker"
      nowMs={NOW}
    />,
  );
  return onSubmit;
};

describe('the flight configuration form', () => {
  it('says which fields are missing and submits nothing', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Connect the tracker' }));
    expect(await screen.findByText('Flight number is required')).toBeInTheDocument();
    expect(screen.getByText('Aircraft is required')).toBeInTheDocument();
    expect(screen.getByText('Departure airport is required')).toBeInTheDocument();
    expect(screen.getByText('Arrival airport is required')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Aircraft' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the flight number, the cruise level and the duration, and takes the same airport twice (a local flight)', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/Flight number/), 'CTR 1');
    fireEvent.change(screen.getByLabelText(/Cruise level/), { target: { value: '70000' } });
    await userEvent.clear(screen.getByLabelText(/Duration/));
    await userEvent.type(screen.getByLabelText(/Duration/), '1h30');
    fireEvent.blur(screen.getByLabelText('Departure airport'), { target: { value: 'EGLL' } });
    fireEvent.blur(screen.getByLabelText('Arrival airport'), { target: { value: 'egll' } });
    await userEvent.click(screen.getByRole('button', { name: 'Connect the tracker' }));
    expect(await screen.findByText('Flight number may only contain letters, digits and dashes')).toBeInTheDocument();
    expect(screen.getByText('Cruise level must be between 1,000 and 60,000 ft')).toBeInTheDocument();
    expect(screen.getByText('Enter a duration as hh:mm, longer than zero')).toBeInTheDocument();
    // The same airport twice is a local flight (a circuit): allowed.
    expect(screen.queryByText('The arrival must differ from the departure')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a departure time off the 24-hour clock and says how to write it', async () => {
    const onSubmit = renderForm();
    const time = within(screen.getByRole('group', { name: /Departure time \(UTC\)/ })).getByRole('textbox', { name: /^Time \(24-hour\)/ });
    await userEvent.clear(time);
    await userEvent.type(time, '25:10');
    await userEvent.tab();
    expect(await screen.findByText('Enter the time as HH:MM on a 24-hour clock, from 00:00 to 23:59 (UTC)')).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(time);
    await userEvent.type(time, '1930');
    await userEvent.tab();
    expect(time).toHaveValue('19:30');
    await waitFor(() => expect(screen.queryByText(/Enter the time as HH:MM/)).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the flight with UTC times from the departure time and duration, and the simulator', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/Flight number/), 'ctr-101');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aircraft' }), 'A320');
    fireEvent.change(screen.getByLabelText(/Cruise level/), { target: { value: '24000' } });
    fireEvent.blur(screen.getByLabelText('Departure airport'), { target: { value: 'EGLL' } });
    fireEvent.blur(screen.getByLabelText('Arrival airport'), { target: { value: 'LFPG' } });
    // The default departure: 30 minutes from now on a 5-minute mark (09:47 -> 10:20).
    const departureTime = within(screen.getByRole('group', { name: /Departure time \(UTC\)/ }));
    expect(departureTime.getByLabelText('Date')).toHaveValue('2026-03-01');
    expect(departureTime.getByRole('textbox', { name: /^Time \(24-hour\)/ })).toHaveValue('10:20');
    await userEvent.clear(screen.getByLabelText(/Duration/));
    await userEvent.type(screen.getByLabelText(/Duration/), '01:15');
    await userEvent.selectOptions(screen.getByLabelText('Simulation rate'), '64');
    await userEvent.click(screen.getByRole('button', { name: 'Connect the tracker' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      flightNumber: 'CTR-101',
      aircraftIcao: 'A320',
      cruiseLevelFt: 24000,
      departure: { ident: 'EGLL', label: 'EGLL' },
      arrival: { ident: 'LFPG', label: 'LFPG' },
      scheduledDepartureTime: '2026-03-01T10:20:00.000Z',
      scheduledArrivalTime: '2026-03-01T11:35:00.000Z',
      durationMinutes: 75,
      simulator: 'builtin',
      simulationRate: 64,
    });
  });

  it('offers the simulation rate for the built-in simulator only', async () => {
    renderForm();
    expect(screen.getByLabelText('Simulation rate')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('X-Plane'));
    expect(screen.queryByLabelText('Simulation rate')).not.toBeInTheDocument();
  });
});

describe('the aircraft and the pilot licences (ERR_0041 before submit)', () => {
  const withPaidTypes = ['A320', 'C172', 'C208', 'MD11'].map((icao) => findAircraftByIcao(icao)).filter((type): type is TAircraftInformation => type !== undefined);
  // What GET /v1/pilot/{id}/licenses-aircrafts answers a pilot with only the free licences.
  const freeLicences: TLicenseAircraft[] = pilotLicences
    .filter((licence) => licence.isFree)
    .map(({ id, name, code, aircraftsIcao }) => ({ id, name, code, aircraftsIcao: [...aircraftsIcao] }));

  const fillTheRest = async () => {
    await userEvent.type(screen.getByLabelText(/Flight number/), 'CTR101');
    fireEvent.blur(screen.getByLabelText('Departure airport'), { target: { value: 'EGLL' } });
    fireEvent.blur(screen.getByLabelText('Arrival airport'), { target: { value: 'LFPG' } });
  };

  it('groups the types the licences cover apart from the others', () => {
    renderForm(vi.fn(), { aircraft: withPaidTypes, heldLicences: freeLicences });
    const covered = screen.getByRole('group', { name: 'Your licences cover' });
    const others = screen.getByRole('group', { name: 'Needs a licence you do not hold' });
    expect(within(covered).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['A320', 'C172']);
    expect(within(others).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['C208', 'MD11']);
  });

  it('explains a type no licence of the pilot covers, links to the store, and does not submit it', async () => {
    const onSubmit = renderForm(vi.fn(), { aircraft: withPaidTypes, heldLicences: freeLicences });
    await fillTheRest();
    expect(screen.queryByText(/needs the “/)).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aircraft' }), 'C208');
    const hint = screen.getByText(/Flying the C208 needs the “Single-engine turbine rating” licence/);
    expect(screen.getByRole('link', { name: 'Get the licence in the store' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('combobox', { name: 'Aircraft' })).toHaveAttribute('aria-describedby', expect.stringContaining(hint.id) as string);
    await userEvent.click(screen.getByRole('button', { name: 'Connect the tracker' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Aircraft' })).toHaveFocus();

    // A licence the store does not sell: said so, no link.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aircraft' }), 'MD11');
    expect(screen.getByText(/“Freighter operations” licence, which you do not hold and the store does not sell yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get the licence in the store' })).toBeNull();

    // A covered type: no explanation, and the flight goes.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aircraft' }), 'C172');
    expect(screen.queryByText(/Flying the/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Connect the tracker' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ aircraftIcao: 'C172' });
  });

  it('lets a bought licence cover its types', async () => {
    const set = pilotLicences.find((licence) => licence.code === 'SET')!;
    renderForm(vi.fn(), { aircraft: withPaidTypes, heldLicences: [...freeLicences, { id: set.id, name: set.name, code: set.code, aircraftsIcao: [...set.aircraftsIcao] }] });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aircraft' }), 'C208');
    expect(screen.queryByText(/Flying the C208/)).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Your licences cover' })).getByRole('option', { name: /C208/ })).toBeInTheDocument();
  });
});

describe('formValuesFromPlan', () => {
  const briefing = path.resolve(import.meta.dirname, '../../../../../../../shared/data/simbrief/briefing.xml');
  it.skipIf(!fs.existsSync(briefing))('fills the form from the real SimBrief OFP (shared/data/simbrief/briefing.xml)', () => {
    const values = formValuesFromPlan(parseSimbriefXml(fs.readFileSync(briefing, 'utf8')));
    expect(values).toMatchObject({ flightNumber: 'VMS112', aircraftIcao: 'A320', departure: { ident: 'OMAA' }, arrival: { ident: 'OMDB' } });
    expect(values.cruiseLevelFt).toBeGreaterThan(10_000);
    expect(values.duration).toMatch(/^\d{2}:\d{2}$/);
    expect(values.departureTimeUtc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });
});
