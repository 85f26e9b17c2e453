import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { createManualClock } from '../../src/lib/clock';
import { api } from '../support/api';
import { createSignedInUser } from '../support/factories';
import { describeOnPgliteOnly } from '../support/postgres-pass';
import {
  listen,
  resumeAndComplete,
  sendBatch,
  startShortHopOverUplink,
  type UplinkClient,
} from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';

/**
 * The embedded database's thread dies in mid-flight (PGlite aborting), as `npm start` runs it on a
 * data folder: it starts again on its own (decision 0071). A batch caught by the crash is either
 * acknowledged or refused as "send again later", never lost; the tracker sends again what was not
 * acknowledged, and the flight completes with every frame stored once.
 */
describeOnPgliteOnly('the embedded database thread dying in mid-flight', () => {
  let shared: SharedDatabase;
  let handle: DatabaseHandle;
  let app: App;
  let baseUrl: string;
  const sockets: UplinkClient[] = [];

  beforeAll(async () => {
    shared = await createSharedDatabase(false);
    handle = await openDatabase({ dataDir: shared.env.DATA_DIR! });
    app = await buildApp({ config: testConfig(shared.env), clock: createManualClock(new Date()), database: handle });
    await app.ready();
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.close();
    await handle?.close();
    await shared?.drop();
  });

  it('starts again by itself: the flight goes on and completes with every frame stored once', async () => {
    const pilot = await createSignedInUser(app);
    const hop = await startShortHopOverUplink(app, baseUrl, pilot.headers, 1000);
    const { frames, socket: first } = hop;
    sockets.push(first);

    // The thread dies while a batch is on its way: it is answered either way.
    const batch = Array.from({ length: 200 }, (_, index) => ({ seq: 1001 + index, frame: frames[1000 + index] }));
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const racing = sendBatch(first, batch);
    await handle.crashThreadForTest!();
    const answer = await racing;
    const wasAcknowledged = !('error' in answer);
    if (!wasAcknowledged) expect(answer).toEqual({ error: { message: expect.any(String), errorCode: 'SERVICE_UNAVAILABLE' } });

    // Requests are answered again once the thread runs (the first waits for it).
    const list = await api(app, pilot.headers).inject(flightRoutes.list, { query: { status: 'in_progress' } });
    expect(list.statusCode).toBe(200);
    // Whoever runs the server is told.
    expect(warnings.mock.calls).toEqual([
      ['The embedded database stopped (its thread exited (code 1)); starting it again.'],
      ['The embedded database runs again.'],
    ]);

    // The tracker reconnects and is told where to resume: after what was acknowledged, no more.
    first.disconnect();
    sockets.push(await resumeAndComplete(app, baseUrl, pilot.headers, hop, wasAcknowledged ? 1200 : 1000));
  }, 180_000);
});
