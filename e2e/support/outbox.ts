type OutboxMail = { to: string; subject: string; text: string; createdAt: string };

/**
 * Reads the development outbox (no SMTP configured) and returns the newest link to `pathPrefix`
 * sent to `to`, waiting a little for the mail to be written.
 */
export const linkFromOutbox = async (baseUrl: string, to: string, pathPrefix: string): Promise<string> => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/dev/outbox`);
    if (response.ok) {
      const body = (await response.json()) as { mails?: OutboxMail[] } | OutboxMail[];
      const mails = Array.isArray(body) ? body : (body.mails ?? []);
      for (const mail of mails) {
        if (mail.to.toLowerCase() !== to.toLowerCase()) continue;
        const match = new RegExp(`https?://[^\\s"'<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`).exec(mail.text);
        if (match) return match[0];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link to ${pathPrefix} in the outbox`);
};

/** A unique name per run so journeys never collide. */
export const uniqueName = (prefix: string): string => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
