import { z } from 'zod';
import { NotamKind } from './notam-parser';

/** Who a notice is for: pilots flying from or to its A) airports, or everyone (FIR-wide, network-wide). */
export const NotamAudience = ['AIRPORTS', 'EVERYONE'] as const;
export type NotamAudience = (typeof NotamAudience)[number];

/** POST /v1/notam (administrators): the notice as typed in ICAO form, and its audience. */
export const ZIssueNotamRequest = z.object({
  text: z.string().min(1).max(4000),
  audience: z.enum(NotamAudience),
});
export type TIssueNotamRequest = z.infer<typeof ZIssueNotamRequest>;

export const ZNotam = z.object({
  id: z.string(),
  /** `A0123/26`. */
  reference: z.string(),
  kind: z.enum(NotamKind),
  refersTo: z.string().nullable(),
  audience: z.enum(NotamAudience),
  qCode: z.string(),
  fir: z.string(),
  locations: z.array(z.string()),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  isEstimated: z.boolean(),
  schedule: z.string().nullable(),
  text: z.string(),
  lowerLimit: z.string().nullable(),
  upperLimit: z.string().nullable(),
  /** The notice exactly as issued. */
  raw: z.string(),
  issuedAt: z.string(),
});
export type TNotam = z.infer<typeof ZNotam>;

/** GET /v1/notam: notices in force now; `airports` (comma-separated idents) keeps those about them and everyone's. */
export const ZNotamQuery = z.object({
  airports: z
    .string()
    .regex(/^[A-Za-z0-9]{3,8}(,[A-Za-z0-9]{3,8}){0,9}$/, 'airports: up to 10 comma-separated airport idents')
    .optional(),
});
