import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrepared, type PreparedStatement } from '../../src/db/prepared-statement';
import { createTestApp, type TestApp } from '../support/test-app';

/** Prepared statements on the test database (PGlite, or PostgreSQL in the second pass). */
describe('runPrepared', () => {
  let t: TestApp;
  const table = `prepared_probe_${process.pid}`;
  const insert: PreparedStatement = {
    name: `prepared_probe_insert_${process.pid}`,
    text: `insert into ${table} (id, label) select u.id, u.label from unnest($1::int[], $2::text[]) as u(id, label)`,
  };
  const rowsOf = async () => ((await t.app.deps.db.execute(sql.raw(`select id, label from ${table} order by id`))) as { rows: { id: number; label: string | null }[] }).rows;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.deps.db.execute(sql.raw(`create table ${table} (id int primary key, label text)`));
  });
  afterAll(async () => {
    await t.app.deps.db.execute(sql.raw(`drop table if exists ${table}`));
    await t.close();
  });

  it('stores every text exactly, whatever characters it holds, and null apart from the text "NULL"', async () => {
    const labels = ['plain', 'with "quotes"', 'back\\slash', 'comma, {braces}', 'NULL', '', ' spaced ', 'Zürich – 東京', null];
    await runPrepared(t.app.deps.db, insert, [labels.map((_, i) => i + 1), labels]);
    expect(await rowsOf()).toEqual(labels.map((label, i) => ({ id: i + 1, label })));
  });

  it('runs again after a failed run, and the failed run stored nothing', async () => {
    // Id 20 is new, id 1 exists: the statement fails as a whole.
    await expect(runPrepared(t.app.deps.db, insert, [[20, 1], ['new', 'taken']])).rejects.toThrow();
    await runPrepared(t.app.deps.db, insert, [[21], ['after']]);
    const ids = (await rowsOf()).map((row) => row.id);
    expect(ids).not.toContain(20);
    expect(ids).toContain(21);
  });

  it("never runs inside another caller's transaction: a rollback there keeps its row", async () => {
    let release!: () => void;
    let opened!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const transaction = t.app.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into ${table} (id, label) values (30, 'in the transaction')`));
        opened();
        await held;
        tx.rollback();
      })
      .catch(() => undefined);
    await isOpen;
    const prepared = runPrepared(t.app.deps.db, insert, [[31], ['beside it']]);
    setTimeout(release, 50);
    await Promise.all([transaction, prepared]);
    const ids = (await rowsOf()).map((row) => row.id);
    expect(ids).toContain(31);
    expect(ids).not.toContain(30);
  });
});
