/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseNavaidFile, type TNavaid } from '../../src/flight-plan/navaids';

/** The navaid set the product ships (apps/server/data/embedded-navaids.csv.gz, derived from OurAirports). */
export const EMBEDDED_NAVAIDS_FILE = path.resolve(import.meta.dirname, '../../../../apps/server/data/embedded-navaids.csv.gz');

export const embeddedNavaids: readonly TNavaid[] = parseNavaidFile(zlib.gunzipSync(fs.readFileSync(EMBEDDED_NAVAIDS_FILE)).toString('utf8'));
