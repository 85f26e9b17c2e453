import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { parseNavaidFile, type TNavaid } from '@contrail/domain/flight-plan/navaids';

/**
 * The VORs Contrail's planner files routes over: OurAirports' VOR, VOR-DME and VORTAC near the
 * embedded airports, derived by `npm run data:navaids -w @contrail/server`
 * (scripts/build-embedded-navaids.ts). The same set serves whatever airport data is imported:
 * OurAirports' full airports.csv (`npm run import:airports`) brings airports and runways only, and
 * the navaids cover the regions with medium and large airports worldwide.
 */
export const EMBEDDED_NAVAIDS_FILE = fileURLToPath(new URL('../../../data/embedded-navaids.csv.gz', import.meta.url));

let cached: readonly TNavaid[] | null = null;

/** The embedded navaids, read once (about 3,600 of them, 70 kB gzipped) on the first plan. */
export const embeddedNavaids = (): readonly TNavaid[] => {
  cached ??= parseNavaidFile(zlib.gunzipSync(fs.readFileSync(EMBEDDED_NAVAIDS_FILE)).toString('utf8'));
  return cached;
};
