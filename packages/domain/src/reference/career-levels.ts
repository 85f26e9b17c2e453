import { z } from 'zod';

/**
 * Career levels (level, minXp, maxXp, value).
 *
 * The curve: reaching level L needs `60 * (L - 1)^2` XP in total, so the step from L to L + 1 is
 * `60 * (2L - 1)` XP and grows by 120 XP per level. The flight engine awards roughly 100 to 600 XP
 * per flight (about 300 on a typical one-hour airline leg), which gives:
 *
 * | level | total XP | typical flights to get there |
 * |---|---|---|
 * | 2 | 60 | 1 |
 * | 5 | 960 | 3 |
 * | 10 | 4,860 | 16 |
 * | 20 | 21,660 | 72 |
 * | 30 | 50,460 | 170 |
 * | 50 | 144,060 | 480 |
 * | 75 | 328,560 | 1,100 |
 * | 100 | 588,060 | 1,960 |
 *
 * Early levels come every flight or two; around level 30 a level takes a dozen flights, so a pilot
 * keeps progressing for hundreds of flights. The last level has no ceiling (maxXp is
 * Number.MAX_SAFE_INTEGER).
 *
 * `value` is the title that goes with the level, a stable key the web translates.
 */
export const MAX_CAREER_LEVEL = 100;
export const XP_CURVE_FACTOR = 60;

export const CareerTitle = [
  'STUDENT_PILOT',
  'PRIVATE_PILOT',
  'COMMERCIAL_PILOT',
  'FIRST_OFFICER',
  'SENIOR_FIRST_OFFICER',
  'CAPTAIN',
  'SENIOR_CAPTAIN',
  'TRAINING_CAPTAIN',
] as const;
export type CareerTitle = (typeof CareerTitle)[number];

export const ZCareerLevel = z.object({
  level: z.number().int().min(1),
  minXp: z.number().int().min(0),
  maxXp: z.number().int().min(0),
  value: z.enum(CareerTitle),
});
export type TCareerLevel = z.infer<typeof ZCareerLevel>;

/** Total XP needed to reach `level`. */
export const minXpForLevel = (level: number): number => XP_CURVE_FACTOR * (level - 1) ** 2;

const titleFor = (level: number): CareerTitle => {
  if (level < 5) return 'STUDENT_PILOT';
  if (level < 10) return 'PRIVATE_PILOT';
  if (level < 20) return 'COMMERCIAL_PILOT';
  if (level < 35) return 'FIRST_OFFICER';
  if (level < 50) return 'SENIOR_FIRST_OFFICER';
  if (level < 70) return 'CAPTAIN';
  if (level < 90) return 'SENIOR_CAPTAIN';
  return 'TRAINING_CAPTAIN';
};

export const careerLevels: readonly TCareerLevel[] = Object.freeze(
  Array.from({ length: MAX_CAREER_LEVEL }, (_, index) => {
    const level = index + 1;
    return {
      level,
      minXp: minXpForLevel(level),
      maxXp: level === MAX_CAREER_LEVEL ? Number.MAX_SAFE_INTEGER : minXpForLevel(level + 1) - 1,
      value: titleFor(level),
    };
  }),
);

/** The career level of a pilot holding `xp` experience points (negative XP counts as 0). */
export const careerLevelForXp = (xp: number): TCareerLevel => {
  const points = Math.max(0, xp);
  const level = Math.min(MAX_CAREER_LEVEL, Math.floor(Math.sqrt(points / XP_CURVE_FACTOR)) + 1);
  // Guard against floating-point error at exact boundaries.
  const candidate = careerLevels[level - 1]!;
  if (points < candidate.minXp) return careerLevels[level - 2]!;
  return candidate;
};
