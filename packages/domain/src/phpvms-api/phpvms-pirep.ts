import { z } from 'zod';

/** phpVMS's PIREP states (its `PirepState` numbers), as its clients read them. */
export const PirepState = { IN_PROGRESS: 0, PENDING: 1, ACCEPTED: 2, CANCELLED: 3, DELETED: 4, DRAFT: 5, REJECTED: 6, PAUSED: 7 } as const;
export type PirepStateValue = (typeof PirepState)[keyof typeof PirepState];

/**
 * The state a filed report takes from Contrail's review of its flight log: accepted is ACCEPTED,
 * rejected or not flown is REJECTED, and a flight waiting for a reviewer is PENDING.
 */
export const pirepStateOfVerdict = (review: 'accepted' | 'pending' | 'rejected' | 'not-flown' | null | undefined): PirepStateValue => {
  if (review === 'accepted') return PirepState.ACCEPTED;
  if (review === 'rejected' || review === 'not-flown') return PirepState.REJECTED;
  return PirepState.PENDING;
};

/** phpVMS phase codes and their labels (`status` / `status_text`). */
export const PHASE_LABELS: Record<string, string> = {
  INI: 'Initiated',
  SCH: 'Scheduled',
  BST: 'Boarding',
  RDT: 'Ready for start',
  PBT: 'Pushback/Tow',
  OFB: 'Departed',
  DIR: 'Ready for de-icing',
  DIC: 'De-icing in progress',
  GRT: 'Ground return',
  TXI: 'Taxi',
  TOF: 'Takeoff',
  ICL: 'Initial climb',
  TKO: 'Airborne',
  ENR: 'Enroute',
  DV: 'Diverted',
  TEN: 'Approach',
  APR: 'Approach',
  FIN: 'Final approach',
  LDG: 'Landing',
  LAN: 'Landed',
  ONB: 'On block',
  ARR: 'Arrived',
  DX: 'Cancelled',
  EMG: 'Emergency descent',
  PSD: 'Paused',
};

export const phaseLabel = (code: string): string => PHASE_LABELS[code] ?? code;

const numeric = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().finite());
/** An integer, as phpVMS's `integer` rule reads it: "1:30" is not one. */
const integer = z.union([z.number().int(), z.string().trim().regex(/^-?\d+$/).transform(Number)]).pipe(z.number().int().safe());
const text = (max: number) => z.union([z.string().max(max), z.number().transform(String)]);
const id = z.union([z.string().min(1).max(64), z.number().int().nonnegative().transform(String)]);

/** Custom fields: a name to value map. */
export const ZPirepFields = z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]).transform((value) => (value === null ? '' : String(value))));

const pirepBody = {
  flight_id: id.optional().nullable(),
  route_code: text(16).optional().nullable(),
  route_leg: text(16).optional().nullable(),
  flight_type: text(8).optional().nullable(),
  level: numeric.pipe(z.number().min(0).max(100_000)).optional().nullable(),
  distance: numeric.optional(),
  planned_distance: numeric.optional(),
  block_time: integer.optional(),
  flight_time: integer.optional(),
  planned_flight_time: integer.optional(),
  zfw: numeric.optional(),
  block_fuel: numeric.optional(),
  fuel_used: numeric.optional(),
  landing_rate: numeric.optional(),
  score: integer.optional().nullable(),
  route: text(4000).optional().nullable(),
  notes: text(4000).optional().nullable(),
  source_name: text(64).optional(),
  fields: ZPirepFields.optional(),
  fares: z.array(z.object({ id: id, count: numeric })).max(50).optional().nullable(),
};

/** POST /pireps/prefile (phpVMS's PrefileRequest). */
export const ZPrefileBody = z.object({
  ...pirepBody,
  airline_id: id,
  aircraft_id: id,
  flight_number: text(16).pipe(z.string().min(1)),
  dpt_airport_id: text(8).pipe(z.string().min(1)),
  arr_airport_id: text(8).pipe(z.string().min(1)),
  alt_airport_id: text(8).optional().nullable(),
  source_name: text(64),
  status: text(8).optional(),
});
export type TPrefileBody = z.output<typeof ZPrefileBody>;

/** PUT/POST /pireps/{id} and /update (phpVMS's UpdateRequest). */
export const ZUpdateBody = z.object({ ...pirepBody, status: text(8).optional(), source_name: text(25).optional() });

/** POST /pireps/{id}/file (phpVMS's FileRequest): what the client declares, kept, never paid from. */
export const ZFileBody = z.object({ ...pirepBody, distance: numeric, flight_time: integer });

/** Messages phpVMS gives for the fields a client most often forgets. */
export const FIELD_MESSAGES: Record<string, string> = {
  airline_id: 'An airline is required',
  aircraft_id: 'An aircraft is required',
  flight_number: 'A flight number is required',
  dpt_airport_id: 'A departure airport is required',
  arr_airport_id: 'An arrival airport is required',
  source_name: 'The source name is required',
  distance: 'The distance field is required',
  flight_time: 'The flight time must be an integer',
  positions: 'The positions field is required',
  logs: 'The logs field is required',
  events: 'The events field is required',
  route: 'The route field is required',
  fields: 'The fields field is required',
  comment: 'The comment field is required',
};

export const ZEventsBody = z.object({
  events: z
    .array(z.object({ id: id.optional().nullable(), event: text(1000), lat: numeric.optional(), lon: numeric.optional(), created_at: z.string().max(64).optional(), sim_time: z.string().max(64).optional() }))
    .min(1)
    .max(1000),
});
export const ZLogsBody = z.object({
  logs: z
    .array(z.object({ id: id.optional().nullable(), log: text(1000), lat: numeric.optional(), lon: numeric.optional(), created_at: z.string().max(64).optional(), sim_time: z.string().max(64).optional() }))
    .min(1)
    .max(1000),
});
export const ZRouteBody = z.object({
  route: z
    .array(z.object({ id: id.optional().nullable(), name: text(64).pipe(z.string().min(1)), order: integer, nav_type: integer.optional(), lat: numeric, lon: numeric }))
    .max(2000),
});
export const ZCommentBody = z.object({ comment: text(4000).pipe(z.string().min(1)), created_at: z.string().max(64).optional() });
export const ZFieldsBody = z.object({ fields: ZPirepFields });
