import { describe, expect, it } from 'vitest';
import { checkMissionStart, missionPeriodOf, monthStartUtc } from './mission-rules';

const mission = { CLRequired: 5, startDate: new Date('2026-01-12T00:00:00Z'), endDate: new Date('2026-01-19T00:00:00Z') };
const now = new Date('2026-01-15T12:00:00Z');

describe('mission rules', () => {
  it('let a pilot of the required level start an open mission', () => {
    expect(checkMissionStart({ mission, now, pilotLevel: 5, isPremium: false, missionsThisMonth: 2 })).toBeNull();
  });

  it('refuse a closed mission, a low level, and a fourth freemium mission in the month', () => {
    expect(checkMissionStart({ mission, now: new Date('2026-01-19T00:00:00Z'), pilotLevel: 9, isPremium: true, missionsThisMonth: 0 })?.reason).toBe('MISSION_NOT_OPEN');
    expect(checkMissionStart({ mission, now, pilotLevel: 4, isPremium: true, missionsThisMonth: 0 })?.reason).toBe('CAREER_LEVEL_TOO_LOW');
    expect(checkMissionStart({ mission, now, pilotLevel: 9, isPremium: false, missionsThisMonth: 3 })?.reason).toBe('FREEMIUM_MISSION_LIMIT');
    expect(checkMissionStart({ mission, now, pilotLevel: 9, isPremium: true, missionsThisMonth: 30 })).toBeNull();
  });

  it('compute ISO weeks and month starts in UTC', () => {
    expect(missionPeriodOf(now)).toEqual({ key: '2026-W03', startDate: new Date('2026-01-12T00:00:00Z'), endDate: new Date('2026-01-19T00:00:00Z') });
    expect(missionPeriodOf(new Date('2026-01-01T05:00:00Z')).key).toBe('2026-W01');
    expect(missionPeriodOf(new Date('2027-01-01T05:00:00Z')).key).toBe('2026-W53');
    expect(missionPeriodOf(new Date('2026-01-18T23:59:59Z')).key).toBe('2026-W03');
    expect(monthStartUtc(now)).toEqual(new Date('2026-01-01T00:00:00Z'));
  });
});
