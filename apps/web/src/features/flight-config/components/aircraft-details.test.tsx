import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AircraftDetails } from './aircraft-details';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';

describe('aircraft details', () => {
  it('reads the chosen type by its ICAO code and shows its figures', async () => {
    const fake = installFakeFetch({
      'GET /api/core/v1/aircraft-information/A320': () =>
        json({
          icao: 'A320', name: 'Airbus A320', category: 'MEDIUM_HAUL', range: 3300, maxPaxCapacity: 180, maxTakeOffWeight: 78000,
          classification: 'Jet', tag: 'Airbus', cruiseSpeedKts: 450, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2500,
          fuelCapacityKg: 19000, approachSpeedKts: 135, rotationSpeedKts: 145, engineCount: 2,
        }),
    });
    renderWithProviders(<AircraftDetails icao="A320" />);
    expect(await screen.findByText('Medium haul · Jet')).toBeInTheDocument();
    expect(screen.getByText('3,300 NM')).toBeInTheDocument();
    expect(screen.getByText('450 kt at FL370')).toBeInTheDocument();
    expect(screen.getByText('180')).toBeInTheDocument();
    expect(fake.calls.map((call) => call.path)).toEqual(['/api/core/v1/aircraft-information/A320']);
  });
});
