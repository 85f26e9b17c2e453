import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { careerLevelForXp, careerLevels, MAX_CAREER_LEVEL } from './career-levels';

describe('career levels', () => {
  it('tile the XP line without gaps or overlaps', () => {
    expect(careerLevels[0]).toMatchObject({ level: 1, minXp: 0 });
    for (let i = 1; i < careerLevels.length; i += 1) {
      expect(careerLevels[i]!.minXp).toBe(careerLevels[i - 1]!.maxXp + 1);
      expect(careerLevels[i]!.level).toBe(i + 1);
    }
    expect(careerLevels).toHaveLength(MAX_CAREER_LEVEL);
  });

  it('place any XP in the level whose range holds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), (xp) => {
        const level = careerLevelForXp(xp);
        expect(xp).toBeGreaterThanOrEqual(level.minXp);
        expect(xp).toBeLessThanOrEqual(level.maxXp);
      }),
    );
    for (const level of careerLevels) {
      expect(careerLevelForXp(level.minXp).level).toBe(level.level);
      if (level.level < MAX_CAREER_LEVEL) expect(careerLevelForXp(level.maxXp).level).toBe(level.level);
    }
  });

  it('keep a pilot progressing for hundreds of flights at ~300 XP a flight', () => {
    expect(careerLevelForXp(300).level).toBeLessThanOrEqual(3);
    expect(careerLevelForXp(100 * 300).level).toBeLessThan(30);
    expect(careerLevelForXp(500 * 300).level).toBeLessThan(MAX_CAREER_LEVEL);
    expect(careerLevelForXp(500 * 300).level).toBeGreaterThan(careerLevelForXp(400 * 300).level);
    expect(careerLevelForXp(-50).level).toBe(1);
  });
});
