import { z } from 'zod';

/**
 * The one page of the API: what a paged list asks (a page from 0 and a size, or for the lists
 * whose parameters are fixed otherwise, the same figures under their own names) and what it
 * answers (`pageOf`).
 */

/** Page numbers stop at a million: far past any data, and page x size stays a safe SQL offset. */
export const MAX_PAGE = 1_000_000;
/** No list answers more than this many items at once. */
export const MAX_PAGE_SIZE = 100;
/** The page size of a list that does not say otherwise. */
export const DEFAULT_PAGE_SIZE = 20;

/** The page number parameter: from 0, a string in a query. */
export const pageNumberField = (maxPage: number = MAX_PAGE) => z.coerce.number().int().min(0).max(maxPage).default(0);

/** The page size parameter: from 1 to `maxSize`, a string in a query. */
export const pageSizeField = (defaultSize: number = DEFAULT_PAGE_SIZE, maxSize: number = MAX_PAGE_SIZE) =>
  z.coerce.number().int().min(1).max(maxSize).default(defaultSize);

/** A row offset parameter (lists paged by `skip`): from 0 to the offset of the last page there may be. */
export const rowOffsetField = () => z.coerce.number().int().min(0).max(MAX_PAGE).default(0);

/** The `page` and `size` query of a paged list; the lists differ only in their sizes. */
export const pageQuery = (options: { defaultSize?: number; maxSize?: number; maxPage?: number } = {}) =>
  z.object({ page: pageNumberField(options.maxPage), size: pageSizeField(options.defaultSize, options.maxSize) });

/** Query parameters of paged endpoints: page starts at 0, 20 items unless asked. */
export const ZPageQuery = pageQuery();
export type TPageQuery = z.infer<typeof ZPageQuery>;

/**
 * What the server's paging helper is given: a page number (from 0) or a row offset, and a size.
 * Its checks are the queries', so a request that slipped past a route is refused the same way.
 */
export const pageNumberRequest = (maxSize: number = MAX_PAGE_SIZE) =>
  z.object({ page: z.number().int().min(0).max(MAX_PAGE), size: z.number().int().min(1).max(maxSize) });
export const rowOffsetRequest = (maxSize: number = MAX_PAGE_SIZE) =>
  z.object({ offset: z.number().int().min(0).max(MAX_PAGE), size: z.number().int().min(1).max(maxSize) });
export type TPageRequest = z.infer<ReturnType<typeof pageNumberRequest>> | z.infer<ReturnType<typeof rowOffsetRequest>>;

/** A page of items as the paged endpoints return it. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), totalItems: z.number().int(), totalPages: z.number().int() });
export type TPage<T> = { items: T[]; totalItems: number; totalPages: number };

/** How many pages `totalItems` fill at `size` a page: 0 for an empty list. */
export const totalPagesOf = (totalItems: number, size: number): number => Math.ceil(totalItems / size);
