import type { PageOfRows } from '../../db/paging';

/** phpVMS clients page by 50, and always see at least one page. */
export const PHPVMS_PER_PAGE = 50;

/** A phpVMS page number (from 1) as the paging helper's request (pages from 0). */
export const phpvmsPageRequest = (page: number) => ({ page: page - 1, size: PHPVMS_PER_PAGE });

/**
 * A page as phpVMS (Laravel's paginator) answers it: `data`, then `links` to the first, last,
 * previous and next pages, and `meta` (`from` and `to` are the 1-based positions of the page's
 * first and last items, null on an empty page). `query` is the rest of the links' query string.
 */
export const phpvmsPage = <Item>(data: Item[], page: PageOfRows<unknown>, at: { path: string; page: number; query?: string }) => {
  const lastPage = Math.max(1, page.totalPages);
  const pageUrl = (number: number) => `${at.path}?page=${number}${at.query ?? ''}`;
  const from = data.length === 0 ? null : (at.page - 1) * PHPVMS_PER_PAGE + 1;
  return {
    data,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: at.page > 1 ? pageUrl(at.page - 1) : null,
      next: at.page < lastPage ? pageUrl(at.page + 1) : null,
    },
    meta: {
      current_page: at.page,
      from,
      last_page: lastPage,
      path: at.path,
      per_page: PHPVMS_PER_PAGE,
      to: from === null ? null : from + data.length - 1,
      total: page.totalItems,
    },
  };
};
