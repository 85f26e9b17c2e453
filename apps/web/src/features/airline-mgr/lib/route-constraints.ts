import type { TFunction } from 'i18next';
import { ZConstraint, type TConstraint } from '@contrail/domain/airline/airline-contract';
import type { TRank } from '../api/airline-ranks';

/** What the route form holds: rank ids ('' for any rank) and the career level as typed ('' for any). */
export type TConstraintChoice = { minRankId: string; maxRankId: string; careerLevel: string };
export type TConstraintProblem = 'careerLevel' | 'rankOrder';

/** A minimum career level below 1 would keep no pilot out: 1 is the least worth asking for. */
export const MIN_CAREER_LEVEL = 1;
/** The contract's upper bound of a CL constraint (ZConstraint). */
export const MAX_CAREER_LEVEL = 1000;

/**
 * The route form's choices as the contract's constraints (all in the airline's own context), or
 * why they cannot be: a career level that is not a whole number the contract accepts (at least
 * MIN_CAREER_LEVEL), or a minimum rank above the maximum one (a higher `sortIdx` is a higher rank,
 * as the booking checks it), which no pilot could meet.
 */
export const routeConstraints = (choice: TConstraintChoice, ranks: readonly TRank[]): { constraints: TConstraint[] } | { problem: TConstraintProblem } => {
  const constraints: TConstraint[] = [];
  if (choice.minRankId !== '') constraints.push({ context: 'AIRLINE', type: 'MinRank', rankId: choice.minRankId });
  if (choice.maxRankId !== '') constraints.push({ context: 'AIRLINE', type: 'MaxRank', rankId: choice.maxRankId });
  const min = ranks.find((rank) => rank.id === choice.minRankId);
  const max = ranks.find((rank) => rank.id === choice.maxRankId);
  if (min && max && min.sortIdx > max.sortIdx) return { problem: 'rankOrder' };
  const typed = choice.careerLevel.trim();
  if (typed !== '') {
    const value = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    const parsed = ZConstraint.safeParse({ context: 'AIRLINE', type: 'CL', value });
    if (!parsed.success || value < MIN_CAREER_LEVEL || value > MAX_CAREER_LEVEL) return { problem: 'careerLevel' };
    constraints.push(parsed.data);
  }
  return { constraints };
};

/** One constraint in words ("from rank Captain", "career level 5 or more"), for the route list. */
export const constraintInWords = (constraint: TConstraint, ranks: readonly TRank[], t: TFunction): string => {
  const rankName = (rankId: string) => ranks.find((rank) => rank.id === rankId)?.name ?? t('configuration.constraint.unknownRank');
  let rule: string;
  switch (constraint.type) {
    case 'MinRank':
      rule = t('configuration.constraint.MinRank', { rank: rankName(constraint.rankId) });
      break;
    case 'MaxRank':
      rule = t('configuration.constraint.MaxRank', { rank: rankName(constraint.rankId) });
      break;
    case 'CL':
      rule = t('configuration.constraint.CL', { level: constraint.value });
      break;
  }
  return constraint.context === 'EXTERNAL' ? t('configuration.constraint.external', { rule }) : rule;
};
