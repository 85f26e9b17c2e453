import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { verifyLedgerChain } from '@contrail/domain/ledger/ledger-block';
import type { TLedgerBlock, TLedgerBlockPage, TLedgerProof, TLedgerSummary, TLedgerVerification } from '@contrail/domain/ledger/ledger-contract';
import { ledgerProofHolds } from '@contrail/domain/ledger/ledger-proof';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { ledgerBlocks } from '../../src/modules/ledger/ledger.schema';
import { users } from '../../src/modules/user/user.schema';
import { ledgerHashOfLog } from '../../src/modules/ledger/ledger-record-of-log';
import { loadLedgerSigner, sealPendingRecords, type LedgerSigner } from '../../src/modules/ledger/ledger.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/factories';
import { flyShortHop, listen } from '../flight/support/flight-kit';
import { insertStoredFlightLog } from '../flight-log/support/stored-flight-log';
import { api } from '../support/api';
import { ledgerRoutes } from '@contrail/domain/ledger/ledger-routes';

let t: TestApp;
let baseUrl: string;
let signer: LedgerSigner;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'off' });
  baseUrl = await listen(t.app);
  signer = await loadLedgerSigner(t.app.deps.db);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const seal = (maxRecords?: number) => sealPendingRecords(t.app.deps.db, signer, t.clock.now(), maxRecords);
const allBlocks = async () => (await get('/api/v1/ledger/blocks?size=100')).json<TLedgerBlockPage>().items;
const verification = async () => (await get('/api/v1/ledger/verify')).json<TLedgerVerification>();

/** Checks a proof the way an outsider would: the Merkle path, the block's hash and its signature. */
const holds = (proof: TLedgerProof) => ledgerProofHolds(proof, signer.publicKey);

describe('flight ledger', () => {
  it('seals a flown flight: pending with its record hash, then validated in a signed block that proves it', async () => {
    const pilot = await createSignedInUser(t.app);
    const completed = await flyShortHop(t.app, baseUrl, pilot.headers, { flightNumber: 'CTR321' });
    const logUrl = `/api/v1/flight-log/${completed.flightLogId}`;
    const pending = (await t.app.inject({ method: 'GET', url: logUrl, headers: pilot.headers })).json<TFlightLogDetail>();
    const [row] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.id, completed.flightLogId));
    expect(pending).toMatchObject({ ledgerState: 'pending', ledgerHash: ledgerHashOfLog(row!), ledgerBlockHeight: null });
    const waiting = await get(`/api/v1/ledger/records/${pending.ledgerHash}/proof`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ errorCode: 'LEDGER_RECORD_PENDING' });

    const block = await seal();
    expect(block).toMatchObject({ height: 0, previousHash: '0'.repeat(64), recordCount: 1, recordHashes: [pending.ledgerHash] });
    const sealed = (await t.app.inject({ method: 'GET', url: logUrl, headers: pilot.headers })).json<TFlightLogDetail>();
    expect(sealed).toMatchObject({ ledgerState: 'validated', ledgerHash: pending.ledgerHash, ledgerBlockHeight: 0 });

    const proof = (await get(`/api/v1/ledger/records/${pending.ledgerHash}/proof`)).json<TLedgerProof>();
    expect(proof).toMatchObject({ index: 0, treeSize: 1, block: { height: 0, hash: block!.hash } });
    expect(holds(proof)).toBe(true);
    const summary = (await get('/api/v1/ledger')).json<TLedgerSummary>();
    expect(summary).toMatchObject({ publicKey: signer.publicKey, blocks: 1, sealedRecords: 1, pendingRecords: 0, lastBlockHash: block!.hash });
  });

  it('seals nothing when nothing is pending', async () => {
    expect(await seal()).toBeUndefined();
    expect(await allBlocks()).toHaveLength(1);
  });

  it('chains blocks of at most maxRecords, oldest records first, and every record proves against its block', async () => {
    const pilot = await createSignedInUser(t.app);
    const logs = [];
    for (let n = 0; n < 5; n += 1) {
      t.clock.advanceMs(1000);
      logs.push(await insertStoredFlightLog(t.app, pilot.user.id, { flightNumber: `CTR${n}` }));
    }
    expect((await seal(2))!.recordHashes).toEqual([logs[0]!.ledgerHash, logs[1]!.ledgerHash]);
    await seal(2);
    expect((await seal(2))!).toMatchObject({ height: 3, recordCount: 1 });
    const blocks = await allBlocks();
    expect(blocks.map((block) => block.height)).toEqual([0, 1, 2, 3]);
    expect(verifyLedgerChain(blocks, signer.publicKey)).toEqual({ valid: true, blocks: 4, records: 6 });
    for (const log of logs) {
      const proof = (await get(`/api/v1/ledger/records/${log.ledgerHash}/proof`)).json<TLedgerProof>();
      expect(holds(proof)).toBe(true);
    }
    expect(await verification()).toEqual({ valid: true, blocks: 4, records: 6, invalidHeight: null, problem: null });
  });

  it('makes consecutive blocks, never the same one twice, when two instances seal at once', async () => {
    const pilot = await createSignedInUser(t.app);
    for (let n = 0; n < 4; n += 1) await insertStoredFlightLog(t.app, pilot.user.id);
    const [first, second] = await Promise.all([seal(2), seal(2)]);
    expect([first!.height, second!.height].sort()).toEqual([4, 5]);
    expect(verifyLedgerChain(await allBlocks(), signer.publicKey)).toMatchObject({ valid: true, blocks: 6, records: 10 });
  });

  it('seals a log written before record hashes were kept, from the same facts', async () => {
    const pilot = await createSignedInUser(t.app);
    const log = await insertStoredFlightLog(t.app, pilot.user.id);
    await t.app.deps.db.update(flightLogs).set({ ledgerHash: null }).where(eq(flightLogs.id, log.id));
    expect((await seal())!.recordHashes).toEqual([log.ledgerHash]);
    expect(holds((await get(`/api/v1/ledger/records/${log.ledgerHash}/proof`)).json<TLedgerProof>())).toBe(true);
  });

  it('still checks out when a pilot deletes their account: the ledger keeps its own leaves', async () => {
    const pilot = await createSignedInUser(t.app);
    const log = await insertStoredFlightLog(t.app, pilot.user.id);
    await seal();
    await t.app.deps.db.delete(users).where(eq(users.id, pilot.user.id));
    expect(await verification()).toMatchObject({ valid: true, blocks: 8 });
    expect(holds((await get(`/api/v1/ledger/records/${log.ledgerHash}/proof`)).json<TLedgerProof>())).toBe(true);
  });

  it('refuses bad input with a clear error', async () => {
    const notHex = await get('/api/v1/ledger/records/not-a-hash/proof');
    expect(notHex.statusCode).toBe(400);
    const unknown = await get(`/api/v1/ledger/records/${'ab'.repeat(32)}/proof`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 'LEDGER_RECORD_NOT_FOUND' });
    expect((await get('/api/v1/ledger/blocks/999')).statusCode).toBe(404);
    expect((await get('/api/v1/ledger/blocks/-1')).statusCode).toBe(400);
    expect((await get('/api/v1/ledger/blocks?size=0')).statusCode).toBe(400);
    const block = (await get('/api/v1/ledger/blocks/1')).json<TLedgerBlock>();
    expect(block).toMatchObject({ height: 1, recordCount: 2 });
  });

  it('finds a log changed after sealing, and a block changed after signing', async () => {
    const [sealed] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.ledgerBlockHeight, 2));
    await t.app.deps.db.update(flightLogs).set({ fc: sealed!.fc + 5000 }).where(eq(flightLogs.id, sealed!.id));
    expect(await verification()).toMatchObject({ valid: false, invalidHeight: 2, problem: 'recordHash', blocks: 2 });
    await t.app.deps.db.update(flightLogs).set({ fc: sealed!.fc }).where(eq(flightLogs.id, sealed!.id));
    expect(await verification()).toMatchObject({ valid: true });

    const [block] = await t.app.deps.db.select().from(ledgerBlocks).where(eq(ledgerBlocks.height, 3));
    await t.app.deps.db.update(ledgerBlocks).set({ sealedAt: new Date(0) }).where(eq(ledgerBlocks.height, 3));
    expect(await verification()).toMatchObject({ valid: false, invalidHeight: 3, problem: 'hash' });
    await t.app.deps.db.update(ledgerBlocks).set({ sealedAt: block!.sealedAt }).where(eq(ledgerBlocks.height, 3));
    expect(await verification()).toMatchObject({ valid: true });
  });
});

describe('GET /api/v1/ledger/verify', () => {
  it('answers six checks a minute per client, then TOO_MANY_REQUESTS: it reads the whole ledger', async () => {
    const limited = await createTestApp();
    try {
      const codes = [];
      for (let n = 0; n < 7; n += 1) codes.push((await api(limited.app).inject(ledgerRoutes.verify)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429]);
      const refused = await api(limited.app).inject(ledgerRoutes.verify);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});

describe('npm run ledger:verify (the public API, checked from outside)', () => {
  const serverRoot = path.resolve(import.meta.dirname, '../..');
  const verify = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/verify-ledger.ts', ...args], { cwd: serverRoot });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };

  it('holds for the whole chain and for one record, and names what breaks', async () => {
    const [log] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.ledgerBlockHeight, 1));
    const holdsNow = await verify(baseUrl, '--record', log!.ledgerHash!);
    expect(holdsNow.code).toBe(0);
    expect(holdsNow.output).toContain('chain holds: 8 blocks, 12 records');
    expect(holdsNow.output).toMatch(/is leaf 0 of block 1/);

    const otherKey = 'ab'.repeat(32);
    const pinnedElsewhere = await verify(baseUrl, '--public-key', otherKey);
    expect(pinnedElsewhere).toMatchObject({ code: 1 });
    expect(pinnedElsewhere.output).toContain('block 0 fails its signature check');

    const [block] = await t.app.deps.db.select().from(ledgerBlocks).where(eq(ledgerBlocks.height, 5));
    await t.app.deps.db.update(ledgerBlocks).set({ merkleRoot: 'cd'.repeat(32) }).where(eq(ledgerBlocks.height, 5));
    const tampered = await verify(baseUrl);
    await t.app.deps.db.update(ledgerBlocks).set({ merkleRoot: block!.merkleRoot }).where(eq(ledgerBlocks.height, 5));
    expect(tampered).toMatchObject({ code: 1 });
    expect(tampered.output).toContain('block 5 fails its merkleRoot check (5 blocks before it hold)');
  });

  it('explains its usage and a server it cannot read', async () => {
    expect(await verify()).toMatchObject({ code: 2, output: expect.stringContaining('Usage: npm run ledger:verify') });
    const unknownRecord = await verify(baseUrl, '--record', 'ef'.repeat(32));
    expect(unknownRecord).toMatchObject({ code: 2, output: expect.stringContaining('answered 404: No flight record has this hash') });
  });
});
