import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAirlineWalletPage } from '../airline/airline-contract';
import { ZMissionQuery } from '../mission/mission-contract';
import { ZNotificationPage, ZNotificationQuery } from '../notification/notification-types';
import { ZAirportSearchQuery } from '../reference/airport-contract';
import { ZInventoryPage, ZInventoryQuery, ZItemPage } from '../store/store-contract';
import { ZWalletTransactionPage, ZWalletTransactionQuery } from '../wallet/wallet-contract';
import { MAX_PAGE, pageOf, pageQuery, totalPagesOf, ZPageQuery } from './page';

const serialised = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.parse(value));

describe('pageOf', () => {
  it('answers items, totalItems and totalPages in that order, whatever order the server built them in', () => {
    const page = pageOf(z.object({ id: z.string() }));
    expect(serialised(page, { totalPages: 1, totalItems: 1, items: [{ id: 'a', extra: true }] })).toBe('{"items":[{"id":"a"}],"totalItems":1,"totalPages":1}');
  });

  it('is the page of the wallet, the store and the airline lists, and the notifications add their unread count last', () => {
    const empty = { items: [], totalItems: 0, totalPages: 0 };
    for (const schema of [ZWalletTransactionPage, ZItemPage, ZInventoryPage, ZAirlineWalletPage]) {
      expect(serialised(schema, empty)).toBe('{"items":[],"totalItems":0,"totalPages":0}');
    }
    expect(serialised(ZNotificationPage, { unreadCount: 2, ...empty })).toBe('{"items":[],"totalItems":0,"totalPages":0,"unreadCount":2}');
  });

  it('counts the pages a total fills', () => {
    expect([totalPagesOf(0, 20), totalPagesOf(1, 20), totalPagesOf(20, 20), totalPagesOf(21, 20)]).toEqual([0, 1, 1, 2]);
  });
});

describe('page queries', () => {
  it('reads page and size from query strings, from page 0 and 20 items unless asked', () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 0, size: 20 });
    expect(ZPageQuery.parse({ page: '3', size: '100' })).toEqual({ page: 3, size: 100 });
  });

  it('refuses a negative page, a page past the last, a size of 0 or above the maximum', () => {
    for (const query of [{ page: '-1' }, { page: String(MAX_PAGE + 1) }, { size: '0' }, { size: '101' }, { page: '1.5' }]) {
      expect(ZPageQuery.safeParse(query).success).toBe(false);
    }
  });

  it('keeps each list its own sizes', () => {
    expect(pageQuery({ defaultSize: 24 }).parse({})).toEqual({ page: 0, size: 24 });
    expect(ZInventoryQuery.parse({})).toMatchObject({ page: 0, size: 24 });
    expect(ZNotificationQuery.parse({})).toEqual({ page: 0, page_size: 10 });
    expect(ZNotificationQuery.safeParse({ page_size: '51' }).success).toBe(false);
    expect(ZWalletTransactionQuery.parse({})).toMatchObject({ page: 0, page_size: 20 });
    expect(ZMissionQuery.parse({})).toMatchObject({ limit: 20, skip: 0 });
    expect(ZMissionQuery.safeParse({ skip: '-20' }).success).toBe(false);
    expect(ZAirportSearchQuery.parse({ query: 'lfpg' })).toMatchObject({ page: 0, size: 10 });
    expect(ZAirportSearchQuery.safeParse({ query: 'lfpg', page: '10001' }).success).toBe(false);
  });
});
