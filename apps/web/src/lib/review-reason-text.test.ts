import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { reviewMessageProblem, reviewReasonText, type ReviewReasonShown } from './review-reason-text';

const reason = (overrides: Partial<ReviewReasonShown>): ReviewReasonShown => ({
  code: 'TIME_ACCELERATION',
  consequence: 'review',
  measured: 35,
  threshold: 10,
  unit: 'percent',
  message: '35 % of the time in the air was flown faster than real time (limit 10 %).',
  ...overrides,
});

afterEach(() => i18n.changeLanguage('en'));

describe('review reasons in words', () => {
  it('fills the measured value and the limit with their unit, in the reader’s language', async () => {
    expect(reviewReasonText(i18n, reason({}))).toEqual({
      title: 'Time acceleration',
      text: 'Time acceleration was on for 35 % of the time in the air; up to 10 % is allowed.',
    });
    expect(reviewReasonText(i18n, reason({ code: 'LONG_PAUSE', measured: 42.5, threshold: 30, unit: 'minutes' })).text).toBe(
      'The simulator was paused for 42.5 min in the air; the limit is 30 min.',
    );
    await i18n.changeLanguage('fr');
    expect(reviewReasonText(i18n, reason({ code: 'POSITION_JUMP', measured: 1234.56, threshold: 5, unit: 'nm' })).text).toBe(
      'L’avion a sauté de 1\u202f234,6 NM au total, plus vite qu’il ne peut voler (slew ou téléportation) ; les sauts comptent à partir de 5 NM, et cette distance n’est pas payée.',
    );
  });

  it('says it without figures when nothing was measured, and falls back on the server’s sentence for a code it does not know', () => {
    expect(reviewReasonText(i18n, reason({ code: 'TOUCHDOWN_DATA_GAP', measured: null, unit: 'seconds' })).text).toBe(
      'No data reached Contrail around the touchdown, so the landing rate is unknown.',
    );
    const newer = reason({ code: 'SOMETHING_NEW' as ReviewReasonShown['code'], message: 'A rule from a newer server.' });
    expect(reviewReasonText(i18n, newer)).toEqual({ title: 'Another check', text: 'A rule from a newer server.' });
  });

  it('checks a reply or comment against the server’s limits', () => {
    expect(reviewMessageProblem('   ')).toBe('required');
    expect(reviewMessageProblem('x'.repeat(1001))).toBe('tooLong');
    expect(reviewMessageProblem(` ${'x'.repeat(1000)} `)).toBeNull();
  });
});
