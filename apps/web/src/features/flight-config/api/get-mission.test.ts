import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { installFakeFetch, json } from '../../../testing/fake-api';
import { findMission } from './get-mission';

const OPEN_ID = '9b1f7c1e-5a7d-4c1e-9a55-1d7b2c3e4f50';

/** Only the fields findMission passes through; the server's answer is not re-checked here. */
const openMission = { id: OPEN_ID, title: 'Cheese run to Nice' } as TMission;

describe('findMission', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the server for the mission while it is open on the server's clock, and gives it", async () => {
    const api = installFakeFetch({ [`GET /api/v1/missions/${OPEN_ID}`]: () => json(openMission) });
    expect(await findMission(OPEN_ID)).toEqual(openMission);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.url.searchParams.get('open')).toBe('true');
  });

  it('gives null for a mission that is unknown or no longer open (404)', async () => {
    installFakeFetch({});
    expect(await findMission('0c6d2b7e-1f3a-4b5c-8d9e-0a1b2c3d4e5f')).toBeNull();
  });

  it('lets any other failure through, so the screen shows it', async () => {
    installFakeFetch({ [`GET /api/v1/missions/${OPEN_ID}`]: () => json({ success: false, message: 'Boom', errorCode: 'INTERNAL' }, 500) });
    await expect(findMission(OPEN_ID)).rejects.toMatchObject({ status: 500 });
  });
});
