import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** The per-account sign-in budget of docs/decisions/0024-security-threat-model.md: guesses at one account from many addresses. */
const ACCOUNT_BUDGET = 30;

/**
 * An account can be named by its username (any case) or its email address: every spelling draws on
 * one budget, so naming the account another way gives an attacker no more guesses.
 */
describe('the per-account sign-in limit counts the account, however it is named', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'on' });
  });
  afterAll(async () => t.close());

  let nextAddress = 0;
  /** Each try from a new address, so only the per-account budget can refuse it. */
  const guess = (login: string, password = 'Wrong-Guess-1234') => {
    nextAddress += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/user/sign-in',
      remoteAddress: `10.32.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`,
      payload: { username: login, password },
    });
  };

  it('username, its other case and the email address share one budget', async () => {
    const { user, password } = await createUser(t.app);
    const spellings = [user.userName, user.userName.toUpperCase(), user.email, ` ${user.email.toUpperCase()} `];
    for (let attempt = 0; attempt < ACCOUNT_BUDGET; attempt += 1) {
      const answer = await guess(spellings[attempt % spellings.length]!);
      expect(answer.statusCode, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const login of spellings) {
      const limited = await guess(login, password);
      expect(limited.statusCode, login).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    }
  });

  it('another account keeps its own budget', async () => {
    const { user: spent } = await createUser(t.app);
    for (let attempt = 0; attempt < ACCOUNT_BUDGET; attempt += 1) await guess(attempt % 2 ? spent.email : spent.userName);
    expect((await guess(spent.email)).statusCode).toBe(429);
    const { user: other, password } = await createUser(t.app);
    expect((await guess(other.email, password)).statusCode).toBe(200);
  });

  it('a login naming no account is limited too, so probing names costs guesses', async () => {
    const unknown = `nobody${uniqueSuffix()}`;
    for (let attempt = 0; attempt < ACCOUNT_BUDGET; attempt += 1) expect((await guess(unknown)).statusCode).toBe(401);
    expect((await guess(unknown.toUpperCase())).statusCode).toBe(429);
    // A different unknown name is counted apart, as it would be for an account.
    expect((await guess(`${unknown}x`)).statusCode).toBe(401);
  });
});
