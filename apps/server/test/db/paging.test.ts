import { asc, desc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPageRequest } from '@contrail/domain/api/page';
import { queryPage, selectPage, toPage } from '../../src/db/paging';
import { registerErrorHandler } from '../../src/plugins/error-handler';
import { openTestDatabase, type TestDatabase } from '../support/test-app';

// A table of this test's own: 45 rows in 3 groups, so pages have a known content.
const probes = pgTable('paging_probes', { id: integer('id').primaryKey(), grp: text('grp').notNull(), rank: integer('rank').notNull() });
const probeNotes = pgTable('paging_probe_notes', { probeId: integer('probe_id').notNull(), note: text('note').notNull() });
const ROWS = 45;

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.execute(sql`create table paging_probes (id integer primary key, grp text not null, rank integer not null)`);
  await db.execute(sql`create table paging_probe_notes (probe_id integer not null, note text not null)`);
  // Ranks repeat (id % 5), so only the id breaks the ties of the order.
  await db.insert(probes).values(Array.from({ length: ROWS }, (_, index) => ({ id: index + 1, grp: ['a', 'b', 'c'][index % 3]!, rank: (index + 1) % 5 })));
  await db.insert(probeNotes).values([{ probeId: 1, note: 'first' }, { probeId: 2, note: 'second' }]);
});
afterAll(async () => database?.close());

const ranked = (request: TPageRequest, group?: string) =>
  selectPage(database.db, request, {
    select: database.db.select().from(probes).where(group ? eq(probes.grp, group) : undefined).$dynamic(),
    orderBy: [asc(probes.rank), desc(probes.id)],
  });

/** The whole table in the list's order, as plain SQL sorts it. */
const everyIdInOrder = async () => (await database.db.select({ id: probes.id }).from(probes).orderBy(asc(probes.rank), desc(probes.id))).map((row) => row.id);

describe('selectPage', () => {
  it('walks the list page by page: every row once, in order, with the figures of the whole list', async () => {
    const seen: number[] = [];
    for (let page = 0; page < 3; page += 1) {
      const result = await ranked({ page, size: 20 });
      expect(result).toMatchObject({ totalItems: ROWS, totalPages: 3 });
      seen.push(...result.rows.map((row) => row.id));
    }
    expect(seen).toEqual(await everyIdInOrder());
  });

  it('answers the short last page and an empty page past it, still with the totals', async () => {
    const last = await ranked({ page: 2, size: 20 });
    expect(last.rows).toHaveLength(5);
    const past = await ranked({ page: 3, size: 20 });
    expect(past).toEqual({ rows: [], totalItems: ROWS, totalPages: 3 });
  });

  it('counts what the filter keeps, and an empty list has no page', async () => {
    const groupB = await ranked({ page: 0, size: 10 }, 'b');
    expect(groupB).toMatchObject({ totalItems: 15, totalPages: 2 });
    expect(groupB.rows.every((row) => row.grp === 'b')).toBe(true);
    expect(await ranked({ page: 0, size: 10 }, 'none')).toEqual({ rows: [], totalItems: 0, totalPages: 0 });
  });

  it('takes a row offset as well as a page number', async () => {
    const all = await everyIdInOrder();
    const fromSeventh = await ranked({ offset: 7, size: 4 });
    expect(fromSeventh.rows.map((row) => row.id)).toEqual(all.slice(7, 11));
    expect(fromSeventh).toMatchObject({ totalItems: ROWS, totalPages: 12 });
  });

  it('counts a joined select with computed columns as the list itself', async () => {
    const db = database.db;
    const result = await selectPage(db, { page: 0, size: 3 }, {
      select: db
        .select({ id: probes.id, note: probeNotes.note, doubled: sql<number>`${probes.rank} * 2` })
        .from(probes)
        .innerJoin(probeNotes, eq(probeNotes.probeId, probes.id))
        .$dynamic(),
      orderBy: [asc(probes.id)],
    });
    expect(result).toEqual({ rows: [{ id: 1, note: 'first', doubled: 2 }, { id: 2, note: 'second', doubled: 4 }], totalItems: 2, totalPages: 1 });
  });
});

describe('queryPage', () => {
  it('pages a list read by a function, and toPage makes it the API page', async () => {
    const letters = [...'abcdefg'];
    const page = await queryPage({ page: 1, size: 3 }, { rows: async ({ limit, offset }) => letters.slice(offset, offset + limit), count: async () => letters.length });
    expect(toPage(page, (letter) => letter.toUpperCase())).toEqual({ items: ['D', 'E', 'F'], totalItems: 7, totalPages: 3 });
  });

  it('keeps a list of its own to a smaller maximum size', async () => {
    const rows = async () => [] as string[];
    await expect(queryPage({ page: 0, size: 51 }, { rows, count: async () => 0 }, { maxSize: 50 })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', field: 'size' });
  });
});

describe('a refused page request', () => {
  // A route that hands its query to the helper unchecked, behind the server's error handler.
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/probes', async (request) => {
    const query = request.query as Record<string, string>;
    const asked = 'offset' in query ? { offset: Number(query.offset), size: Number(query.size) } : { page: Number(query.page), size: Number(query.size) };
    return toPage(await ranked(asked), (row) => row.id);
  });
  afterAll(async () => app.close());

  it.each([
    ['a size above the maximum', '?page=0&size=101', 'size'],
    ['a size of 0', '?page=0&size=0', 'size'],
    ['a negative page', '?page=-1&size=20', 'page'],
    ['a page that is not whole', '?page=1.5&size=20', 'page'],
    ['a negative offset', '?offset=-20&size=20', 'offset'],
  ])('answers %s with the action error shape, 400', async (_what, search, field) => {
    const response = await app.inject({ method: 'GET', url: `/probes${search}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: expect.stringContaining(field), errorCode: 'VALIDATION_ERROR', field });
  });

  it('serves a good request', async () => {
    const response = await app.inject({ method: 'GET', url: '/probes?page=4&size=10' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: (await everyIdInOrder()).slice(40), totalItems: ROWS, totalPages: 5 });
  });
});
