import type { TFlightCargo } from '../flight-api/flight-contract';
import type { TPaxByClass } from './flight-plan-input';

/**
 * What an aircraft can carry on one flight. An airline plane has its own cabin, seat by class;
 * any other flight is held to the type's passenger capacity, however the pilot splits the classes.
 */
export type LoadCapacity = {
  /** Names the aircraft in a refusal: its registration, or the type ("the C208"). */
  aircraftName: string;
  seats: { kind: 'by-class'; seats: TPaxByClass } | { kind: 'total'; passengers: number };
  /** Structural payload, kg: the most cargo the aircraft may load. */
  maxCargoKg: number;
};

export type LoadProblem = { field: 'pax' | 'cargos'; message: string };

const CLASS_NAMES: Record<keyof TPaxByClass, string> = { first: 'first class', business: 'business', economy: 'economy' };

/** Kilograms of a load: each cargo item's weight times its quantity. */
export const cargoKgOf = (cargos: readonly Pick<TFlightCargo, 'weight' | 'quantity'>[]): number =>
  cargos.reduce((sum, cargo) => sum + cargo.weight * cargo.quantity, 0);

/**
 * The seat configuration rules applied to a flight: passengers cannot exceed the aircraft's
 * capacity, and the flight must not be overloaded. Returns the first problem, or null when the
 * load fits. Cargo is checked alone against the payload: the catalogue's payload of a light
 * aircraft is its baggage compartment, which its passengers' weight does not fill.
 */
export const checkFlightLoad = (capacity: LoadCapacity, load: { pax: TPaxByClass; cargos: readonly Pick<TFlightCargo, 'weight' | 'quantity'>[] }): LoadProblem | null => {
  if (capacity.seats.kind === 'by-class') {
    for (const seatClass of Object.keys(CLASS_NAMES) as (keyof TPaxByClass)[]) {
      const passengers = load.pax[seatClass];
      const seats = capacity.seats.seats[seatClass];
      if (passengers > seats) {
        return {
          field: 'pax',
          message: `Passengers cannot exceed the aircraft's capacity: ${passengers} ${CLASS_NAMES[seatClass]} passengers for the ${seats} ${CLASS_NAMES[seatClass]} seats of ${capacity.aircraftName}`,
        };
      }
    }
  } else {
    const passengers = load.pax.first + load.pax.business + load.pax.economy;
    if (passengers > capacity.seats.passengers) {
      return {
        field: 'pax',
        message: `Passengers cannot exceed the aircraft's capacity: ${passengers} passengers for the ${capacity.seats.passengers} seats of ${capacity.aircraftName}`,
      };
    }
  }
  const cargoKg = cargoKgOf(load.cargos);
  if (cargoKg > capacity.maxCargoKg) {
    return {
      field: 'cargos',
      message: `The flight must not be overloaded: ${Math.round(cargoKg)} kg of cargo exceed the ${capacity.maxCargoKg} kg payload of ${capacity.aircraftName}`,
    };
  }
  return null;
};
