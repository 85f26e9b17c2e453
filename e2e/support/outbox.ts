import type { Page } from 'playwright-core';

/**
 * Opens the development outbox page (no SMTP configured) as a newcomer would, and follows the
 * newest link to `pathPrefix` in a mail to `to`, waiting a little for the mail to arrive.
 */
export const followLinkFromOutbox = async (page: Page, to: string, pathPrefix: string): Promise<string> => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    await page.goto('/dev/outbox');
    const mail = page.locator('article', { hasText: to }).first();
    const link = mail.locator(`a[href*="${pathPrefix}"]`).first();
    if ((await link.count()) > 0) {
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      return href;
    }
    await page.waitForTimeout(300);
  }
  throw new Error(`no mail to ${to} with a link to ${pathPrefix} in the outbox`);
};

/** A unique name per run so journeys never collide. */
export const uniqueName = (prefix: string): string => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
