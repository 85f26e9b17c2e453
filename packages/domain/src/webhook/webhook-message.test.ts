import { describe, expect, it } from 'vitest';
import { discordWebhookBody, displayWebhookUrl, genericWebhookBody, isDiscordWebhookUrl, isRetryableStatus, retryDelayMs, WEBHOOK_RETRY, type WebhookEvent } from './webhook-message';

const airline = { id: 'a1', name: 'Air Test', code: 'ATS' };
const completed: WebhookEvent<'flight.completed'> = {
  id: 'e1',
  type: 'flight.completed',
  occurredAt: '2026-11-27T10:00:00.000Z',
  airline,
  data: {
    flightId: 'f1',
    flightLogId: 'l1',
    pilot: { id: 'u1', userName: '@everyone *bold*' },
    flightNumber: 'ATS123',
    aircraftIcao: 'A320',
    aircraftRegistration: 'F-HTST',
    departureIdent: 'LFPG',
    arrivalIdent: 'EGLL',
    distanceNm: 188.4,
    flightDurationSeconds: 4380,
    landing: { verticalSpeedFpm: -142, gForce: 1.12, rating: 'GOOD', bounces: 0, airportIdent: 'EGLL', runway: '27L' },
    reviewStatus: 'accepted',
  },
};

describe('webhook messages', () => {
  it('waits 30 s, 1, 2, 4 and 8 min between six attempts, and retries only what may succeed later', () => {
    expect(Array.from({ length: WEBHOOK_RETRY.maxAttempts - 1 }, (_, index) => retryDelayMs(index + 1))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect([null, 408, 425, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 410, 422].some(isRetryableStatus)).toBe(false);
  });

  it('builds the generic body with the event id kept across attempts', () => {
    expect(genericWebhookBody(completed, { id: 'd1', attempt: 3 })).toEqual({ id: 'e1', type: 'flight.completed', occurredAt: completed.occurredAt, airline, data: completed.data, delivery: { id: 'd1', attempt: 3 } });
  });

  it('builds a Discord body whose text cannot mention anyone and shows the landing', () => {
    const body = discordWebhookBody(completed);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const embed = body.embeds[0]!;
    expect(embed.title).toBe('ATS123 completed at EGLL');
    expect(embed.description).toContain('@\u200beveryone \\*bold\\*');
    expect(embed.fields.find((field) => field.name === 'Landing')!.value).toBe('-142 fpm, 1.12 g (GOOD) on EGLL 27L');
    expect(embed.fields.find((field) => field.name === 'Time')!.value).toBe('1 h 13 min');
    const unknownRate = discordWebhookBody({ ...completed, data: { ...completed.data, landing: { ...completed.data.landing!, verticalSpeedFpm: null, gForce: null, rating: 'unobserved' } } });
    expect(unknownRate.embeds[0]!.fields[0]!.value).toBe('rate unknown (unobserved) on EGLL 27L');
  });

  it('keeps a long name within Discord’s limits', () => {
    const long = discordWebhookBody({ ...completed, airline: { ...airline, name: 'A'.repeat(300) }, data: { ...completed.data, flightNumber: 'X'.repeat(400) } });
    expect(long.username.length).toBeLessThanOrEqual(80);
    expect(long.embeds[0]!.title.length).toBeLessThanOrEqual(256);
  });

  it('accepts only Discord’s execute URL for a Discord webhook, and hides its token when listed', () => {
    const token = 'a'.repeat(68);
    expect(isDiscordWebhookUrl(new URL(`https://discord.com/api/webhooks/123456789012345678/${token}`))).toBe(true);
    expect(isDiscordWebhookUrl(new URL(`https://discordapp.com/api/v10/webhooks/123456789012345678/${token}`))).toBe(true);
    expect(isDiscordWebhookUrl(new URL(`http://discord.com/api/webhooks/123456789012345678/${token}`))).toBe(false);
    expect(isDiscordWebhookUrl(new URL(`https://discord.com.evil.example/api/webhooks/123456789012345678/${token}`))).toBe(false);
    expect(isDiscordWebhookUrl(new URL(`https://discord.com:8443/api/webhooks/123456789012345678/${token}`))).toBe(false);
    expect(isDiscordWebhookUrl(new URL('https://discord.com/api/webhooks/123/short'))).toBe(false);
    expect(displayWebhookUrl(`https://discord.com/api/webhooks/123456789012345678/${token}`)).toBe('https://discord.com/api/webhooks/123456789012345678/•••');
    expect(displayWebhookUrl('https://hooks.example.org/in?key=secret')).toBe('https://hooks.example.org/in?•••');
  });
});
