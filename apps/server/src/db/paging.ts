import { count, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { MAX_PAGE_SIZE, pageNumberRequest, rowOffsetRequest, totalPagesOf, type TPage, type TPageRequest } from '@contrail/domain/api/page';
import { validationAppError } from '@contrail/domain/errors/validation-error';
import type { DbExecutor } from './database';

/** One page of a list's rows, with the figures of the whole list. */
export type PageOfRows<Row> = { rows: Row[]; totalItems: number; totalPages: number };

/** The rows of a page: `limit` rows after the first `offset` ones, in the list's order. */
export type PageWindow = { limit: number; offset: number };

/** Order keys of a list; the last ones must break every tie, so a row never shows on two pages. */
export type PageOrder = [SQL | PgColumn, ...(SQL | PgColumn)[]];

/**
 * The window a request asks for, or a VALIDATION_ERROR (the action error shape) for a page or an
 * offset below 0 or past the last one there may be, or a size outside 1..maxSize.
 */
export const pageWindowOf = (request: TPageRequest, maxSize: number = MAX_PAGE_SIZE): PageWindow => {
  const parsed =
    'offset' in request
      ? rowOffsetRequest(maxSize).safeParse(request)
      : pageNumberRequest(maxSize).safeParse(request);
  if (!parsed.success) throw validationAppError(parsed.error.issues);
  const { size } = parsed.data;
  return { limit: size, offset: 'offset' in parsed.data ? parsed.data.offset : parsed.data.page * size };
};

/**
 * A page of any list: `rows` reads the window, `count` the whole list. Both start together on
 * the caller's executor, as the lists always did (inside the caller's transaction when it has one).
 */
export const queryPage = async <Row>(
  request: TPageRequest,
  list: { rows: (window: PageWindow) => Promise<Row[]>; count: () => Promise<number> },
  options: { maxSize?: number } = {},
): Promise<PageOfRows<Row>> => {
  const window = pageWindowOf(request, options.maxSize);
  const [rows, totalItems] = await Promise.all([list.rows(window), list.count()]);
  return { rows, totalItems, totalPages: totalPagesOf(totalItems, window.limit) };
};

/**
 * A page of a Drizzle select (its columns, joins and filters, made `$dynamic()`, without order or
 * limit): the rows in `orderBy` order, and the total counted from the same select, so the count
 * can never filter differently from the list. `db` is the executor the select was built on.
 */
export const selectPage = async <Query extends PgSelect>(
  db: DbExecutor,
  request: TPageRequest,
  list: { select: Query; orderBy: PageOrder },
  options: { maxSize?: number } = {},
): Promise<PageOfRows<Awaited<Query>[number]>> => {
  // The count's SQL is taken before the order and the window are added to the same builder. Only
  // count(*) reads it, so its columns' types do not matter.
  const listed = list.select.as('listed') as unknown as Subquery;
  return queryPage(
    request,
    {
      rows: async (window) => (await list.select.orderBy(...list.orderBy).limit(window.limit).offset(window.offset)) as Awaited<Query>[number][],
      count: async () => {
        const [total] = await db.select({ value: count() }).from(listed);
        return total?.value ?? 0;
      },
    },
    options,
  );
};

/** The page as the API answers it: the rows made items. */
export const toPage = <Row, Item>(page: PageOfRows<Row>, toItem: (row: Row) => Item): TPage<Item> => ({
  items: page.rows.map(toItem),
  totalItems: page.totalItems,
  totalPages: page.totalPages,
});
