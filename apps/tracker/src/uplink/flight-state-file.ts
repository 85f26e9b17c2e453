import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ZSimulatorKind } from '@contrail/domain/live/tracker-hub-contract';
import { journalPathFor } from './frame-journal';

/**
 * What the tracker needs to resume a flight after a restart, kept next to the flight's journal:
 * `<dataDir>/uplink/<flightId>.state.json`.
 *
 * The flight token is stored in clear: it is what lets a restarted tracker send the journal's
 * frames under the flight's identity. It grants only the uplink of that one flight while it is
 * in progress (not the pilot's account), it lives on the pilot's own machine, and the file is
 * created readable by its owner only (mode 0600, where the platform has modes). See
 * docs/decisions/0007-tracker.md.
 */
export const ZFlightState = z.object({
  flightId: z.uuid(),
  token: z.string().min(16).max(200),
  serverUrl: z.url(),
  /** StartPaxNCargo (a PNC flight) rather than StartRecord. */
  isPnc: z.boolean().default(false),
  startedAt: z.iso.datetime(),
  /** The simulator recorded, told to the server on every uplink (absent from states written before it). */
  simulator: ZSimulatorKind.optional(),
});
export type TFlightState = z.infer<typeof ZFlightState>;

const STATE_SUFFIX = '.state.json';

export function flightStatePathFor(dataDir: string, flightId: string): string {
  return journalPathFor(dataDir, flightId).replace(/\.jsonl$/, STATE_SUFFIX);
}

/** Writes the state durably (temporary file, fsync, rename), readable by its owner only. */
export async function writeFlightState(dataDir: string, state: TFlightState): Promise<void> {
  const filePath = flightStatePathFor(dataDir, state.flightId);
  await mkdir(path.dirname(filePath), { recursive: true });
  const temporaryPath = `${filePath}.tmp`;
  const handle = await open(temporaryPath, 'w', 0o600);
  try {
    await handle.writeFile(JSON.stringify(ZFlightState.parse(state)) + '\n', 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporaryPath, filePath);
}

export async function removeFlightState(dataDir: string, flightId: string): Promise<void> {
  await rm(flightStatePathFor(dataDir, flightId), { force: true });
}

/** The flights left in progress in `dataDir` (oldest first); unreadable files are reported, not fatal. */
export async function readFlightStates(dataDir: string): Promise<{ states: TFlightState[]; unreadable: string[] }> {
  const directory = path.join(dataDir, 'uplink');
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { states: [], unreadable: [] };
    throw error;
  }
  const states: TFlightState[] = [];
  const unreadable: string[] = [];
  for (const name of names.filter((candidate) => candidate.endsWith(STATE_SUFFIX)).sort()) {
    const filePath = path.join(directory, name);
    try {
      states.push(ZFlightState.parse(JSON.parse(await readFile(filePath, 'utf8'))));
    } catch {
      unreadable.push(filePath);
    }
  }
  states.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  return { states, unreadable };
}
