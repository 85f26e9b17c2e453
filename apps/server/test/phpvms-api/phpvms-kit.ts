import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { KG_PER_LB } from '@contrail/domain/phpvms-api/phpvms-units';
import type { App } from '../../src/app';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { api } from '../support/api';
import { phpvmsKeyRoutes } from '@contrail/domain/phpvms-api/phpvms-key-routes';

export const BASE = '/api/phpvms';

/** A pilot with a phpVMS API key made through the profile API, as a pilot makes one. */
export const pilotWithKey = async (app: App): Promise<SignedInUser & { apiKey: string }> => {
  const pilot = await createSignedInUser(app);
  const created = await api(app, pilot.headers).inject(phpvmsKeyRoutes.create, { body: { name: 'vmsACARS' } });
  if (created.statusCode !== 201) throw new Error(`key creation answered ${created.statusCode}: ${created.body}`);
  return { ...pilot, apiKey: created.json<{ key: string }>().key };
};

/** A phpVMS client: every call carries the key in X-API-Key. */
export const phpvmsClient = (app: App, apiKey: string) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    app.inject({ method, url: `${BASE}${path}`, headers: { 'x-api-key': apiKey }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, payload: unknown = {}) => call('POST', path, payload),
    put: (path: string, payload: unknown = {}) => call('PUT', path, payload),
    delete: (path: string, payload?: unknown) => call('DELETE', path, payload),
  };
};
export type PhpvmsClient = ReturnType<typeof phpvmsClient>;

/** What a personal flight of the reference A320 hop (EGLL to LFPG) prefiles. */
export const shortHopPrefile = (overrides: Record<string, unknown> = {}) => ({
  airline_id: 'personal',
  aircraft_id: 'A320',
  flight_number: '6000',
  dpt_airport_id: 'EGLL',
  arr_airport_id: 'LFPG',
  level: 33000,
  planned_flight_time: 75,
  source_name: 'ContrailTests',
  route: 'MODMI L9 KENET',
  ...overrides,
});

/** The phase a phpVMS client would report for a frame. */
const phaseOf = (frame: TTelemetryFrame): string => {
  const engines = frame.enginesRunning.some(Boolean);
  if (frame.isOnGround) {
    if (frame.groundSpeedKts >= 40) return 'TOF';
    if (frame.groundSpeedKts >= 3) return 'TXI';
    return engines ? 'RDT' : 'BST';
  }
  if (frame.position.altitudeFtAgl < 1500 && frame.verticalSpeedFpm > 0) return 'ICL';
  if (frame.position.altitudeFtAgl < 2000 && frame.verticalSpeedFpm < 0) return 'FIN';
  return 'ENR';
};

/**
 * A recorded flight as a phpVMS client sends it: one position every `everyMs` of frame time (and
 * the last frame), with the fields phpVMS positions carry: no gear, lights, attitude or load.
 */
export const positionsOf = (frames: readonly TTelemetryFrame[], everyMs: number) => {
  const picked: TTelemetryFrame[] = [];
  let next = -Infinity;
  frames.forEach((frame, index) => {
    if (frame.timeMs >= next || index === frames.length - 1) {
      picked.push(frame);
      next = frame.timeMs + everyMs;
    }
  });
  return picked.map((frame, index) => ({
    id: `pos-${frame.timeMs}-${index}`,
    lat: frame.position.latitudeDeg,
    lon: frame.position.longitudeDeg,
    altitude: Math.round(frame.position.altitudeFtMsl),
    altitude_msl: Math.round(frame.position.altitudeFtMsl),
    altitude_agl: Math.round(frame.position.altitudeFtAgl),
    heading: Math.round(frame.headingDegTrue) % 360,
    vs: Math.round(frame.verticalSpeedFpm),
    gs: Math.round(frame.groundSpeedKts),
    ias: Math.round(frame.indicatedAirspeedKts),
    fuel: Math.round(frame.fuelKg / KG_PER_LB),
    fuel_flow: frame.enginesRunning.some(Boolean) ? 2400 : 0,
    transponder: frame.transponder,
    status: phaseOf(frame),
    sim_time: new Date(frame.timeMs).toISOString(),
  }));
};

/** Sends positions in batches as clients do (several per request when they queue up). */
export const sendPositions = async (client: PhpvmsClient, pirepId: string, positions: readonly unknown[], batch = 20): Promise<void> => {
  for (let start = 0; start < positions.length; start += batch) {
    const response = await client.post(`/pireps/${pirepId}/acars/positions`, { positions: positions.slice(start, start + batch) });
    if (response.statusCode !== 200) throw new Error(`positions answered ${response.statusCode}: ${response.body}`);
  }
};
