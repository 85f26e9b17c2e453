import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { TItemPage } from '@contrail/domain/store/store-contract';
import type { TUserInformation } from '@contrail/domain/user/user-contract';
import { referenceFlightArgs } from '@contrail/test-support/reference-flight';
import { flyWithTracker } from '../support/tracker-fly';
import { expectAccessible, launchBrowser, openInApp, saveScreenshot, trackApiRequests } from '../support/browser';
import { createAccount, openSignedInPage } from '../support/session';

const baseUrl = inject('baseUrl');
const repoRoot = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(repoRoot, 'apps/web/src/locales');
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

type Language = 'fr' | 'es';
type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));

const readLocale = (language: string): Map<string, string> => {
  const texts = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(localesDir, language))) {
    const tree = JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')) as Tree;
    for (const [key, value] of flatten(tree)) texts.set(`${file}:${key}`, value);
  }
  return texts;
};

/**
 * The English texts a screen in `language` must not show: every en text whose translation differs
 * (a word that is the same in both languages, "Contrail" or "Date", does not count), and that is not
 * itself a text of that language. A text with {{values}} becomes a pattern, when its own words are
 * long enough to tell it apart ("Charter: {{from}} to {{to}}", not "{{value}} FC").
 */
const englishLeftOver = (language: Language) => {
  const english = readLocale('en');
  const translated = readLocale(language);
  const ownTexts = new Set(translated.values());
  const exact = new Set<string>();
  const patterns: { source: string; pattern: RegExp }[] = [];
  for (const [key, text] of english) {
    if (translated.get(key) === text || ownTexts.has(text)) continue;
    if (!text.includes('{{')) {
      if (/[A-Za-z]{3,}/.test(text)) exact.add(text.trim());
      continue;
    }
    const literal = text.replace(/\{\{\w+\}\}/g, ' ');
    if ((literal.match(/[A-Za-z]{3,}/g) ?? []).length < 2) continue;
    const escaped = text
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    patterns.push({ source: text, pattern: new RegExp(`^${escaped}$`) });
  }
  return (text: string): string | null => {
    if (exact.has(text)) return text;
    return patterns.find(({ pattern }) => pattern.test(text))?.source ?? null;
  };
};

type ShownText = { text: string; where: string };

/** Every text a pilot reads or hears on the page: visible text nodes, and tooltips, labels, placeholders. */
const shownTexts = (page: Page): Promise<ShownText[]> =>
  page.evaluate(() => {
    const found: { text: string; where: string }[] = [];
    const describe = (element: Element) => `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}>`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest('script, style, noscript, template')) continue;
      // The options of a closed list are not painted but are read; anything else must be shown.
      if (!parent.closest('select') && !parent.checkVisibility({ visibilityProperty: true })) continue;
      found.push({ text, where: describe(parent) });
    }
    for (const element of Array.from(document.body.querySelectorAll('[title], [aria-label], [placeholder]'))) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      for (const attribute of ['title', 'aria-label', 'placeholder']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) found.push({ text: value, where: `${describe(element)} ${attribute}` });
      }
    }
    return found;
  });

/**
 * Issue 20, item 8: every screen a pilot reaches, in French and in Spanish, shows no English text
 * of the web app's own catalogue (apps/web/src/locales/en), with the catalogue names the server
 * sends (licences, missions, store items) and MapLibre's tooltips included. One pilot, seeded
 * through the API with a career, one flight flown by the tracker and a badge bought with its FC.
 * axe on every screen.
 */
describe('no English left in French and Spanish', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let apiQuiet: ReturnType<typeof trackApiRequests>;
  let token: string;
  const username = unique('polyglot');
  const password = 'Polyglot1pass';
  const screens: Record<string, string> = {};

  const api = async <T>(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    const account = await createAccount(baseUrl, { username, password });
    token = account.tokens.token;
    await api('POST', '/api/v1/pilot/career', { displayName: 'Polyglot Ace', homeHubIdent: 'EGLL' });
    const flight = await flyWithTracker(baseUrl, ['--username', username, '--password', password, ...referenceFlightArgs(), '--rate', '128', '--flight-number', 'CTR4242']);
    const user = await api<TUserInformation>('GET', '/api/v1/user/information');
    const items = await api<TItemPage>('GET', '/api/v1/item?page=0&size=50');
    const badge = items.items.find((item) => item.name === 'Night owl badge')!;
    if (user.wallet.mfc >= badge.price) {
      await api('POST', `/api/v1/order/user/${user.id}`, { items: [{ itemId: badge.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'pilot' });
    }
    const hangar = items.items.find((item) => item.name === 'Small hangar')!;

    Object.assign(screens, {
      dashboard: '/dashboard',
      'flight type': '/flight',
      'flight configuration': '/flight/configuration?type=NORMAL',
      'career mode': '/flight/career-mode',
      'flight log': '/flight-log',
      'flight log detail': `/flight-log/${flight.flightLogId}`,
      wallet: '/wallet',
      store: '/store',
      'store item': `/store/${hangar.id}`,
      inventory: '/inventory',
      missions: '/mission',
      'mission list': '/mission/list',
      notam: '/notam',
      profile: '/profile',
      subscription: '/subscription',
      affiliation: '/affiliation',
      notifications: '/notification',
      'airline search': '/pilot/airline/search',
      'airline manager': '/airline-mgr',
      help: '/help',
      map: '/home',
    });

    browser = await launchBrowser();
    // An en-US browser: the one that would show a 12-hour clock in a native time field.
    ({ page, errors: pageErrors } = await openSignedInPage(browser, baseUrl, account, { locale: 'en-US' }));
    apiQuiet = trackApiRequests(page);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Waits until the screen has its data: no request running and no "loading" text left. */
  const settle = async (loadingText: string) => {
    await expect
      .poll(() => page.getByText(loadingText, { exact: true }).count(), { timeout: 15_000, interval: 250 })
      .toBe(0);
    // Data a screen asks for once its first answer is in (a detail after its list) lands too.
    await apiQuiet();
  };

  /** The parts of a screen that come late and must be checked too: the map's controls, the missions. */
  const waitForScreenContent = async (url: string) => {
    if (url === '/home') await page.locator('.maplibregl-ctrl-zoom-in').waitFor();
    if (url === '/mission/list') await page.locator('main article').first().waitFor();
  };

  it('finds the English it looks for on English screens (the check can fail)', async () => {
    const isEnglish = englishLeftOver('fr');
    const found: string[] = [];
    for (const url of ['/home', '/profile', '/mission/list']) {
      await openInApp(page, url);
      await page.locator('main').first().waitFor();
      await settle('Loading…');
      await waitForScreenContent(url);
      for (const { text } of await shownTexts(page)) if (isEnglish(text)) found.push(text);
    }
    // A MapLibre tooltip, a licence the server names, a generated mission's description, the screens' own texts.
    expect(found).toContain('Zoom in');
    expect(found).toContain('Private pilot licence (single-engine piston)');
    expect(found.some((text) => /Keep them comfortable|Mind your weight|a soft landing|medical cargo on board|Fly them from/.test(text)), found.join(' | ')).toBe(true);
    expect(found.length).toBeGreaterThan(30);
  });

  it.each<[Language, string]>([
    ['fr', 'Chargement…'],
    ['es', 'Cargando…'],
  ])('shows every screen in %s with no English text', async (language, loadingText) => {
    onTestFailed(async () => {
      await saveScreenshot(page, `translations-failure-${language}`);
      console.warn(`${language}: page errors ${JSON.stringify(pageErrors)}; url ${page.url()}`);
    });
    const isEnglish = englishLeftOver(language);
    await page.goto('/');
    await page.evaluate((chosen) => window.localStorage.setItem('contrail.language', chosen), language);
    await page.reload();

    const leftOver: string[] = [];
    for (const [screen, url] of Object.entries(screens)) {
      await openInApp(page, url);
      await page.locator('main, [role="main"]').first().waitFor();
      await settle(loadingText);
      await waitForScreenContent(url);
      expect(await page.evaluate(() => document.documentElement.lang), screen).toBe(language);
      for (const { text, where } of await shownTexts(page)) {
        const source = isEnglish(text);
        if (source) leftOver.push(`${screen} (${url}) ${where}: "${text}"${source === text ? '' : ` (en "${source}")`}`);
      }
      await expectAccessible(page, `${screen} in ${language}`);
    }
    expect(leftOver, `English on ${language} screens:\n${leftOver.join('\n')}`).toEqual([]);

    // The departure time is typed on a 24-hour clock, whatever the browser's locale.
    await page.goto('/flight/configuration?type=NORMAL');
    const time = page.getByRole('textbox', { name: language === 'fr' ? /^Heure \(24 h\)/ : /^Hora \(24 h\)/ });
    await time.fill('17:45');
    await time.blur();
    expect(await time.inputValue()).toBe('17:45');
    expect(pageErrors).toEqual([]);
  }, 420_000);
});
