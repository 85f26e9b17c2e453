import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInThroughApi, signUpThroughApi, type Tokens } from './api';
import { newDesktopContext, watchPageErrors } from './browser';

/** A user the journey signed up and in through the API: what it needs to act as them. */
export type Account = { username: string; email: string; password: string; tokens: Tokens };

/**
 * Signs a new user up and in through the API (what a journey tests is rarely the sign-up form;
 * the newcomer journey clicks through it). The address is verified as the mailed link would unless
 * `verified` is false.
 */
export const createAccount = async (
  baseUrl: string,
  { username, password, verified = true }: { username: string; password: string; verified?: boolean },
): Promise<Account> => {
  const email = `${username}@example.com`;
  await signUpThroughApi(baseUrl, { username, email, password }, { verified });
  return { username, email, password, tokens: await signInThroughApi(baseUrl, username, password) };
};

export type SignedInOptions = {
  /** The tracker hub the page talks to (the `contrail.trackerHubUrl` device key). */
  trackerHubUrl?: string;
  locale?: string;
  /** The map as a pilot first sees it: the globe, VATSIM and IVAO traffic, full density (see newDesktopContext). */
  fullMap?: boolean;
};

/**
 * A desktop context whose pages open signed in with `tokens`. Stored only when the page holds no
 * session yet: a later reload keeps the tokens the app refreshed or replaced itself.
 */
export const signedInContext = async (browser: Browser, baseUrl: string, tokens: Tokens, options: SignedInOptions = {}): Promise<BrowserContext> => {
  const context = await newDesktopContext(browser, baseUrl, options.locale, { fullMap: options.fullMap });
  await context.addInitScript(
    ([stored, hubUrl]) => {
      if (window.localStorage.getItem('contrail.tokens') === null) window.localStorage.setItem('contrail.tokens', stored);
      if (hubUrl) window.localStorage.setItem('contrail.trackerHubUrl', hubUrl);
    },
    [JSON.stringify(tokens), options.trackerHubUrl ?? ''] as const,
  );
  return context;
};

export type SignedInPage = { context: BrowserContext; page: Page; errors: string[] };

/** A page signed in as `account` in a context of its own, its console errors collected. */
export const openSignedInPage = async (browser: Browser, baseUrl: string, account: Pick<Account, 'tokens'>, options: SignedInOptions = {}): Promise<SignedInPage> => {
  const context = await signedInContext(browser, baseUrl, account.tokens, options);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
};
