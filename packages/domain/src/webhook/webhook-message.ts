import type { WebhookDeliveredEventType } from './webhook-contract';

/**
 * What each airline event carries, the two body forms built from it, the retry policy and the
 * Discord URL rule (docs/decisions/0045-airline-webhooks.md). Pure: the server signs and sends.
 */

export type WebhookPilot = { id: string; userName: string };

export type WebhookLanding = {
  /** Vertical speed at touchdown, fpm (negative: descending); null when the tracker did not see the touchdown. */
  verticalSpeedFpm: number | null;
  gForce: number | null;
  rating: string;
  bounces: number;
  airportIdent: string | null;
  runway: string | null;
};

export type WebhookEventData = {
  'flight.departed': {
    flightId: string;
    pilot: WebhookPilot;
    flightNumber: string;
    aircraftIcao: string;
    aircraftRegistration: string | null;
    departureIdent: string;
    arrivalIdent: string;
  };
  'flight.completed': {
    flightId: string;
    flightLogId: string;
    pilot: WebhookPilot;
    flightNumber: string;
    aircraftIcao: string;
    aircraftRegistration: string | null;
    departureIdent: string;
    arrivalIdent: string;
    distanceNm: number;
    flightDurationSeconds: number;
    /** Null when the flight never landed after its take-off. */
    landing: WebhookLanding | null;
    /** accepted, pending (held for review), rejected or not-flown. */
    reviewStatus: string;
  };
  'member.joined': { member: WebhookPilot };
  'review.needed': {
    flightLogId: string;
    pilot: WebhookPilot;
    flightNumber: string;
    departureIdent: string;
    arrivalIdent: string;
    /** The judge's reasons, in a pilot's words. */
    reasons: string[];
  };
  'bankruptcy.warning': {
    /** Payments of the airline that failed in this settlement. */
    failedPayments: number;
    /** FlightCoins the failed payments were for. */
    amount: number;
    /** When the airline fails if the oldest failed payment is still unpaid. */
    deadline: string;
  };
  'webhook.test': { message: string };
};

export type WebhookEvent<T extends WebhookDeliveredEventType = WebhookDeliveredEventType> = {
  id: string;
  type: T;
  occurredAt: string;
  airline: { id: string; name: string; code: string };
  data: WebhookEventData[T];
};

// ---- generic form -----------------------------------------------------------------------------

/**
 * The generic JSON body: `{ id, type, occurredAt, airline, data, delivery }`. `id` is the event's
 * (the same on every retry and every endpoint: a receiver drops a repeat by it); `delivery` names
 * this endpoint's delivery and its attempt.
 */
export const genericWebhookBody = (event: WebhookEvent, delivery: { id: string; attempt: number }) => ({
  id: event.id,
  type: event.type,
  occurredAt: event.occurredAt,
  airline: event.airline,
  data: event.data,
  delivery,
});

// ---- Discord form -----------------------------------------------------------------------------

/** Discord's limits on an execute-webhook body that this form could reach. */
const DISCORD_TITLE_MAX = 256;
const DISCORD_DESCRIPTION_MAX = 4096;
const DISCORD_FIELD_VALUE_MAX = 1024;

type DiscordField = { name: string; value: string; inline?: boolean };
export type DiscordWebhookBody = {
  username: string;
  content: string;
  embeds: { title: string; description: string; color: number; timestamp: string; fields: DiscordField[]; footer: { text: string } }[];
  /** No @everyone, role or user mention, whatever a pilot's name or a description says. */
  allowed_mentions: { parse: [] };
};

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Discord reads markdown: a pilot's name or a flight number shows as typed. */
const plain = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1').replace(/@/g, '@\u200b');

const COLOURS = { blue: 0x2f6fdb, green: 0x2e9d57, amber: 0xd99a00, red: 0xc0392b, grey: 0x7f8c8d } as const;

const hours = (seconds: number) => `${Math.floor(seconds / 3600)} h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')} min`;

const landingText = (landing: WebhookLanding | null) => {
  if (!landing) return 'No landing';
  const rate = landing.verticalSpeedFpm === null ? 'rate unknown' : `${Math.round(landing.verticalSpeedFpm)} fpm`;
  const where = landing.runway ? ` on ${landing.airportIdent ?? ''} ${landing.runway}`.trimEnd() : landing.airportIdent ? ` at ${landing.airportIdent}` : '';
  const bounces = landing.bounces > 0 ? `, ${landing.bounces} bounce${landing.bounces > 1 ? 's' : ''}` : '';
  const g = landing.gForce === null ? '' : `, ${landing.gForce.toFixed(2)} g`;
  return `${rate}${g} (${landing.rating})${where}${bounces}`;
};

const embedOf = (event: WebhookEvent): { title: string; description: string; color: number; fields: DiscordField[] } => {
  switch (event.type) {
    case 'flight.departed': {
      const d = event.data as WebhookEventData['flight.departed'];
      return {
        title: `${d.flightNumber} departed ${d.departureIdent}`,
        description: `${plain(d.pilot.userName)} took off from ${d.departureIdent} for ${d.arrivalIdent}.`,
        color: COLOURS.blue,
        fields: [
          { name: 'Aircraft', value: [d.aircraftIcao, d.aircraftRegistration].filter(Boolean).join(' '), inline: true },
          { name: 'Route', value: `${d.departureIdent} → ${d.arrivalIdent}`, inline: true },
        ],
      };
    }
    case 'flight.completed': {
      const d = event.data as WebhookEventData['flight.completed'];
      return {
        title: `${d.flightNumber} completed at ${d.arrivalIdent}`,
        description: `${plain(d.pilot.userName)} flew ${d.departureIdent} → ${d.arrivalIdent}.`,
        color: d.reviewStatus === 'accepted' ? COLOURS.green : d.reviewStatus === 'pending' ? COLOURS.amber : COLOURS.red,
        fields: [
          { name: 'Landing', value: landingText(d.landing) },
          { name: 'Distance', value: `${Math.round(d.distanceNm)} nm`, inline: true },
          { name: 'Time', value: hours(d.flightDurationSeconds), inline: true },
          { name: 'Aircraft', value: [d.aircraftIcao, d.aircraftRegistration].filter(Boolean).join(' '), inline: true },
          { name: 'Review', value: d.reviewStatus, inline: true },
        ],
      };
    }
    case 'member.joined': {
      const d = event.data as WebhookEventData['member.joined'];
      return { title: 'New member', description: `${plain(d.member.userName)} joined ${plain(event.airline.name)}.`, color: COLOURS.green, fields: [] };
    }
    case 'review.needed': {
      const d = event.data as WebhookEventData['review.needed'];
      return {
        title: `${d.flightNumber} needs review`,
        description: `${plain(d.pilot.userName)}'s flight ${d.departureIdent} → ${d.arrivalIdent} waits for a reviewer.`,
        color: COLOURS.amber,
        fields: d.reasons.length > 0 ? [{ name: 'Why', value: d.reasons.map((reason) => `• ${plain(reason)}`).join('\n') }] : [],
      };
    }
    case 'bankruptcy.warning': {
      const d = event.data as WebhookEventData['bankruptcy.warning'];
      return {
        title: 'Bankruptcy warning',
        description: `${d.failedPayments} payment${d.failedPayments > 1 ? 's' : ''} of ${plain(event.airline.name)} failed. Unless the airline pays by ${d.deadline.slice(0, 10)}, it goes bankrupt.`,
        color: COLOURS.red,
        fields: [
          { name: 'Amount due', value: `${d.amount.toLocaleString('en')} FC`, inline: true },
          { name: 'Deadline', value: d.deadline.slice(0, 16).replace('T', ' ') + ' UTC', inline: true },
        ],
      };
    }
    case 'webhook.test': {
      const d = event.data as WebhookEventData['webhook.test'];
      return { title: 'Test', description: plain(d.message), color: COLOURS.grey, fields: [] };
    }
  }
};

/** Discord's execute-webhook body: one embed per event, a one-line `content` for notifications. */
export const discordWebhookBody = (event: WebhookEvent): DiscordWebhookBody => {
  const embed = embedOf(event);
  return {
    username: cut(`${event.airline.name} (Contrail)`, 80),
    content: cut(embed.title, 2000),
    embeds: [
      {
        title: cut(embed.title, DISCORD_TITLE_MAX),
        description: cut(embed.description, DISCORD_DESCRIPTION_MAX),
        color: embed.color,
        timestamp: event.occurredAt,
        fields: embed.fields.slice(0, 25).map((field) => ({ ...field, name: cut(field.name, 256), value: cut(field.value || '—', DISCORD_FIELD_VALUE_MAX) })),
        footer: { text: cut(`${event.airline.code} · ${event.type}`, 2048) },
      },
    ],
    allowed_mentions: { parse: [] },
  };
};

// ---- URLs -------------------------------------------------------------------------------------

const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']);
const DISCORD_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{30,100})\/?$/;

/**
 * Whether a URL is a Discord webhook's execute URL: https, a Discord host, `/api/webhooks/{id}/{token}`.
 * `anyHost` (a server that allows local receivers, tests only) accepts the path on any host.
 */
export const isDiscordWebhookUrl = (url: URL, anyHost = false): boolean =>
  (anyHost || (url.protocol === 'https:' && DISCORD_HOSTS.has(url.hostname.toLowerCase()) && url.port === '')) && DISCORD_PATH.test(url.pathname);

/** The URL as the list shows it: a Discord token, credentials and any query hidden. */
export const displayWebhookUrl = (raw: string): string => {
  const url = new URL(raw);
  const discord = DISCORD_PATH.exec(url.pathname);
  const path = discord ? url.pathname.replace(discord[2]!, '•••') : url.pathname;
  return `${url.protocol}//${url.host}${path}${url.search ? '?•••' : ''}`;
};

// ---- retries ----------------------------------------------------------------------------------

/**
 * Six attempts in all: at once, then 30 s, 1 min, 2 min, 4 min and 8 min after each failure
 * (about 15 minutes). A 2xx is delivered; 408, 425, 429, a 5xx or no answer is tried again; any
 * other answer (the receiver refused this body for good) and the last failure give up.
 */
export const WEBHOOK_RETRY = { maxAttempts: 6, firstDelayMs: 30_000, factor: 2, timeoutMs: 10_000 } as const;

export const retryDelayMs = (attemptsMade: number): number => WEBHOOK_RETRY.firstDelayMs * WEBHOOK_RETRY.factor ** (attemptsMade - 1);

export const isRetryableStatus = (statusCode: number | null): boolean =>
  statusCode === null || statusCode === 408 || statusCode === 425 || statusCode === 429 || statusCode >= 500;
