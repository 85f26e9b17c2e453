import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FlightEvent } from '@contrail/domain/flight/flight-event-codes';
import { renderWithProviders } from '../../../testing/render';
import { FlightEventsList } from './flight-events-list';

const events = [
  { sequence: 0, eventCode: 5, key: 'ENGINE_STARTED', createdAtMs: Date.UTC(2026, 0, 1, 10, 0, 0), data: { engineIndex: 0, isOnGround: true } },
  { sequence: 1, eventCode: 4, key: 'FLAPS_CHANGED', createdAtMs: Date.UTC(2026, 0, 1, 10, 5, 0), data: { fromRatio: 0, toRatio: 0.25, indicatedAirspeedKts: 0, altitudeFtAgl: 0 } },
  { sequence: 2, eventCode: 0, key: 'FLIGHT_STEP_UPDATED', createdAtMs: Date.UTC(2026, 0, 1, 10, 6, 0), data: { step: 'taxi_out', previousStep: 'pushback' } },
] as unknown as FlightEvent[];

describe('the live flight events', () => {
  it('shows each event with its values in words, never a raw ratio, index or step code', () => {
    renderWithProviders(<FlightEventsList events={events} />);
    const list = screen.getByRole('list', { name: 'Flight events' });
    expect(list).toHaveTextContent('Flaps 25 % (from 0 %) at 0 kt');
    expect(list).toHaveTextContent('Engine 1 on, on the ground');
    expect(list).toHaveTextContent('Step: Taxi out');
    expect(list).not.toHaveTextContent('0.25');
    expect(list).not.toHaveTextContent('taxi_out');
  });
});
