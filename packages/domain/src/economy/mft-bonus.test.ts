import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MFT_BONUS_FC_PER_HOUR, MFT_MONTHLY_LIMIT_HOURS, mftBonusOf, simulateMftBonus } from './mft-bonus';

describe('the monthly flight-time bonus', () => {
  it('pays each airborne hour to the chosen recipient', () => {
    expect(mftBonusOf({ flightHours: 2, hoursCreditedThisMonth: 0, option: 'pilot' })).toEqual({ creditedHours: 2, amount: 2 * MFT_BONUS_FC_PER_HOUR, recipient: 'pilot' });
    expect(mftBonusOf({ flightHours: 1.5, hoursCreditedThisMonth: 10, option: 'airline' })).toEqual({ creditedHours: 1.5, amount: 75, recipient: 'airline' });
  });

  it('stops at the monthly limit: only what is left of it counts', () => {
    expect(mftBonusOf({ flightHours: 3, hoursCreditedThisMonth: MFT_MONTHLY_LIMIT_HOURS - 1, option: 'pilot' }).creditedHours).toBe(1);
    expect(mftBonusOf({ flightHours: 3, hoursCreditedThisMonth: MFT_MONTHLY_LIMIT_HOURS, option: 'pilot' }).amount).toBe(0);
  });

  it('never credits more than the limit in a month, whatever the flights', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { maxLength: 40 }), (flights) => {
        let credited = 0;
        for (const flightHours of flights) credited += mftBonusOf({ flightHours, hoursCreditedThisMonth: credited, option: 'pilot' }).creditedHours;
        expect(credited).toBeLessThanOrEqual(MFT_MONTHLY_LIMIT_HOURS + 0.01);
      }),
    );
  });

  it("simulates a month: the pilots' bonus, or the airline's for all of them", () => {
    expect(simulateMftBonus({ option: 'pilot', pilots: 4, hoursPerPilot: 120 })).toMatchObject({
      creditedHoursPerPilot: MFT_MONTHLY_LIMIT_HOURS,
      hoursOverLimitPerPilot: 20,
      pilotFcPerPilot: MFT_MONTHLY_LIMIT_HOURS * MFT_BONUS_FC_PER_HOUR,
      airlineFc: 0,
    });
    expect(simulateMftBonus({ option: 'airline', pilots: 4, hoursPerPilot: 10 })).toMatchObject({ pilotFcPerPilot: 0, airlineFc: 4 * 10 * MFT_BONUS_FC_PER_HOUR });
  });
});
