import type { TPageQuery } from '@contrail/domain/airline/airline-contract';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { toPage } from '../../db/paging';
import { assertActive, findAirline } from './airline-common';
import {
  deleteRankRow,
  findDefaultRankId,
  findMaxRankSortIdx,
  findRankRow,
  findRanksById,
  findRanksPage,
  insertRank,
  moveRankMembers,
  updateRankRow,
  type RankRow,
} from './airline-rank.repository';

/** An airline's ranks: each sets a salary bonus and the aircraft types its members may fly. */

export const toRank = (rank: RankRow) => ({
  id: rank.id,
  name: rank.name,
  fcBonus: rank.fcBonusPercent,
  planeWhiteList: rank.planeWhiteList,
  planeBlackList: rank.planeBlackList,
  default: rank.isDefault,
  sortIdx: rank.sortIdx,
});

export const findRank = async (db: DbExecutor, airlineId: string, rankId: string): Promise<RankRow> => {
  const rank = await findRankRow(db, airlineId, rankId);
  if (!rank) throw new AppError(ErrorCode.notFound, 'Rank not found');
  return rank;
};

export const listRanks = async (db: DbExecutor, caller: Caller, airlineId: string, query: TPageQuery) => {
  await requireAccess(db, caller, 'airline.read', { airlineId });
  return toPage(await findRanksPage(db, airlineId, query), toRank);
};

export type RankInput = { name: string; fcBonus: number; planeWhiteList: string[]; planeBlackList: string[] };
const normaliseList = (list: string[]) => [...new Set(list.map((icao) => icao.toUpperCase()))];

export const createRank = async (db: DbExecutor, caller: Caller, airlineId: string, input: RankInput) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  assertActive(await findAirline(db, airlineId));
  const maxSortIdx = await findMaxRankSortIdx(db, airlineId);
  const rank = await insertRank(db, {
    airlineId,
    name: input.name,
    fcBonusPercent: input.fcBonus,
    planeWhiteList: normaliseList(input.planeWhiteList),
    planeBlackList: normaliseList(input.planeBlackList),
    sortIdx: maxSortIdx + 1,
  });
  return toRank(rank);
};

export const updateRank = async (db: DbExecutor, caller: Caller, airlineId: string, rankId: string, input: RankInput) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  await findRank(db, airlineId, rankId);
  const rank = await updateRankRow(db, rankId, {
    name: input.name,
    fcBonusPercent: input.fcBonus,
    planeWhiteList: normaliseList(input.planeWhiteList),
    planeBlackList: normaliseList(input.planeBlackList),
  });
  return toRank(rank!);
};

/** DELETE a rank: its members fall back to the default rank, which itself cannot be deleted. */
export const deleteRank = async (db: DbExecutor, caller: Caller, airlineId: string, rankId: string) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  const rank = await findRank(db, airlineId, rankId);
  if (rank.isDefault) throw new AppError(ErrorCode.requestRefused, 'The default rank cannot be deleted');
  await db.transaction(async (tx) => {
    const fallbackId = await findDefaultRankId(tx, airlineId);
    await moveRankMembers(tx, rankId, fallbackId ?? null);
    await deleteRankRow(tx, rankId);
  });
};

/** PUT /airline/{id}/rank/{rankId}/sort_idx/switch: swaps two ranks' order. */
export const switchRanks = async (db: DbExecutor, caller: Caller, airlineId: string, rankId: string, toRankId: string) => {
  await requireAccess(db, caller, 'airline.rank.manage', { airlineId });
  const a = await findRank(db, airlineId, rankId);
  const b = await findRank(db, airlineId, toRankId);
  await db.transaction(async (tx) => {
    await updateRankRow(tx, a.id, { sortIdx: b.sortIdx });
    await updateRankRow(tx, b.id, { sortIdx: a.sortIdx });
  });
  const rows = await findRanksById(db, [a.id, b.id]);
  return rows.map(toRank);
};
