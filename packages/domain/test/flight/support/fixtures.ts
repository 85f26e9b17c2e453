import { A320 as A320_FIGURES, B77W as B77W_FIGURES, flightAircraft } from '@contrail/test-support/reference-aircraft';
import {
  EGKK as EGKK_REFERENCE,
  EGLL as EGLL_REFERENCE,
  flightAirport,
  KJFK as KJFK_REFERENCE,
  LFPG as LFPG_REFERENCE,
} from '@contrail/test-support/reference-airports';

export const EGLL = flightAirport(EGLL_REFERENCE);
// The two runways the engine's landing tests were written against (09L/27R is the simulator's).
export const LFPG = flightAirport(LFPG_REFERENCE, ['26R', '27L']);
export const EGKK = flightAirport(EGKK_REFERENCE);
export const KJFK = flightAirport(KJFK_REFERENCE);

export const A320 = flightAircraft(A320_FIGURES);
export const B77W = flightAircraft(B77W_FIGURES);
