import { TRACKER_CONNECTION_ATTEMPTS, TRACKER_CONNECTION_RETRY_MS, SIM_CONNECTION_TIMEOUT_MS, TRACKER_HUB_DEFAULT_PORT } from '@contrail/domain/live/connection-status';
import { AIRLINE_BOOKING_TIMEOUT_MINUTES, BASE_SALARY_FC } from '@contrail/domain/economy/airline-economy-constants';
import { REFERRAL_REFERRED_BONUS_FC, REFERRAL_SPONSOR_BONUS_FC } from '@contrail/domain/referral/referral-constants';
import {
  FC_CATEGORY_MULTIPLIER,
  FC_LANDING_MULTIPLIER,
  FC_PER_NM,
  FC_SATISFACTION_MULTIPLIER_MAX,
  FC_SATISFACTION_MULTIPLIER_MIN,
  FC_SCORE_MULTIPLIER_MAX,
  FC_SCORE_MULTIPLIER_MIN,
  LOCAL_FLIGHT_PAID_SHARE,
  MAX_PENALISED_OCCURRENCES,
  REST_PERIOD_HOURS,
  SATISFACTION_XP_PER_POINT,
  XP_PER_AIRBORNE_HOUR,
  XP_PER_LANDING_POINT,
  XP_PER_NM,
  EVENT_PENALTY_POINTS,
} from '@contrail/domain/rewards/reward-constants';
import { FLIGHT_DURATION_LIMIT_HOURS, MONTHLY_LIMIT_HOURS } from '@contrail/domain/user/flight-time-rules';

/**
 * The help centre's topics and the shape of each page. The words live in the `help` namespace
 * (`topics.<key>.<section>.<text>`); the figures come from the domain's own constants, so a page
 * never states a rule the code does not apply. Commands stay here: they are typed, not translated.
 */

/** A piece of a section, in reading order. */
export type THelpBlock =
  /** A paragraph; `values` fill its {{placeholders}}. */
  | { kind: 'text'; key: string; values?: Record<string, string | number> }
  /** Numbered steps (an ordered list); `start` continues a list a command line interrupted. */
  | { kind: 'steps'; keys: readonly string[]; start?: number; values?: Record<string, string | number> }
  /** Bullet points. */
  | { kind: 'list'; keys: readonly string[]; values?: Record<string, string | number> }
  /** A command line, shown as code; `labelKey` names it for screen readers. */
  | { kind: 'code'; code: string; labelKey: string }
  /** A table the page draws from domain data (scoring). */
  | { kind: 'table'; table: 'penalties' | 'landing' | 'categories' };

export type THelpSection = { id: string; blocks: readonly THelpBlock[] };

export type THelpTopic = {
  /** The address: /help/<slug>. */
  slug: string;
  /** The key under `help:topics`. */
  key: string;
  sections: readonly THelpSection[];
};

const text = (key: string, values?: Record<string, string | number>): THelpBlock => ({ kind: 'text', key, values });
const code = (command: string, labelKey = 'command'): THelpBlock => ({ kind: 'code', code: command, labelKey });

const seconds = (ms: number) => ms / 1000;

/** The simulation rates the flight configuration offers, as the built-in simulator's page lists them. */
const builtinRates = '1x, 2x, 4x, 8x, 16x, 32x, 64x, 128x';

export const HELP_TOPICS: readonly THelpTopic[] = [
  {
    slug: 'getting-started',
    key: 'gettingStarted',
    sections: [
      { id: 'account', blocks: [text('p1'), text('p2')] },
      { id: 'career', blocks: [text('p1'), text('p2')] },
      {
        id: 'first-flight',
        blocks: [text('p1'), { kind: 'steps', keys: ['s1', 's2', 's3', 's4', 's5', 's6'] }],
      },
      { id: 'afterwards', blocks: [text('p1')] },
    ],
  },
  {
    slug: 'tracker',
    key: 'tracker',
    sections: [
      { id: 'what', blocks: [text('p1', { port: TRACKER_HUB_DEFAULT_PORT }), text('p2')] },
      {
        id: 'start',
        blocks: [
          text('p1'),
          code('npm run tracker -- serve'),
          text('p2'),
          code('npm run tracker -- serve --web-origin https://contrail.example.org'),
          text('p3'),
          code('npm run tracker -- serve --port 7374'),
          text('p4'),
          code('npm run tracker -- help'),
        ],
      },
      {
        id: 'connection',
        blocks: [text('p1', { attempts: TRACKER_CONNECTION_ATTEMPTS, seconds: seconds(TRACKER_CONNECTION_RETRY_MS) })],
      },
      {
        id: 'states',
        blocks: [text('p1'), { kind: 'list', keys: ['connected', 'connectionFailed', 'reconnecting', 'recording', 'pncready', 'disconnect'] }],
      },
      {
        id: 'not-answering',
        blocks: [text('p1', { seconds: seconds(SIM_CONNECTION_TIMEOUT_MS) }), { kind: 'list', keys: ['l1', 'l2', 'l3', 'l4'] }],
      },
      { id: 'loading', blocks: [text('p1'), text('p2')] },
      { id: 'drops', blocks: [text('p1')] },
    ],
  },
  {
    slug: 'built-in-simulator',
    key: 'builtin',
    sections: [
      { id: 'what', blocks: [text('p1')] },
      { id: 'use', blocks: [{ kind: 'steps', keys: ['s1', 's2', 's3'], values: { rates: builtinRates } }] },
      { id: 'rate', blocks: [text('p1')] },
      {
        id: 'command-line',
        blocks: [text('p1'), code('npm run tracker -- fly --server http://127.0.0.1:8080 --username YOUR_NAME --password YOUR_PASSWORD --from EGLL --to LFPG --aircraft A320 --rate 50'), text('p2')],
      },
    ],
  },
  {
    slug: 'x-plane',
    key: 'xplane',
    sections: [
      { id: 'what', blocks: [text('p1')] },
      { id: 'setup', blocks: [{ kind: 'steps', keys: ['s1', 's2', 's3', 's4'] }] },
      { id: 'other-computer', blocks: [text('p1'), code('npm run tracker -- serve --xplane-host 192.168.1.20 --xplane-port 49000')] },
      { id: 'loading', blocks: [text('p1')] },
    ],
  },
  {
    slug: 'flightgear',
    key: 'flightgear',
    sections: [
      { id: 'what', blocks: [text('p1')] },
      {
        id: 'setup',
        blocks: [
          { kind: 'steps', keys: ['s1'] },
          { kind: 'list', keys: ['linux', 'windows'] },
          { kind: 'steps', keys: ['s2'], start: 2 },
          code('fgfs --generic=socket,out,2,127.0.0.1,5501,udp,contrail'),
          { kind: 'steps', keys: ['s3'], start: 3 },
        ],
      },
      { id: 'option', blocks: [text('p1'), { kind: 'list', keys: ['out', 'rate', 'address', 'udp', 'name'] }] },
      { id: 'other-port', blocks: [text('p1'), code('npm run tracker -- serve --flightgear-port 5502')] },
      { id: 'loading', blocks: [text('p1'), text('p2')] },
    ],
  },
  {
    slug: 'msfs',
    key: 'msfs',
    sections: [
      { id: 'what', blocks: [text('p1')] },
      { id: 'setup', blocks: [{ kind: 'steps', keys: ['s1', 's2', 's3'] }] },
      { id: 'other-computer', blocks: [text('p1'), code('npm run tracker -- serve --msfs-host 192.168.1.20 --msfs-port 4500')] },
      { id: 'loading', blocks: [text('p1')] },
    ],
  },
  {
    slug: 'scoring',
    key: 'scoring',
    sections: [
      { id: 'overview', blocks: [text('p1')] },
      { id: 'steps', blocks: [text('p1'), text('p2')] },
      {
        id: 'events',
        blocks: [text('p1', { max: MAX_PENALISED_OCCURRENCES }), { kind: 'table', table: 'penalties' }, text('p2')],
      },
      { id: 'landing', blocks: [text('p1'), { kind: 'table', table: 'landing' }] },
      {
        id: 'flightcoins',
        blocks: [
          text('p1'),
          {
            kind: 'list',
            keys: ['distance', 'category', 'landing', 'score', 'satisfaction'],
            values: {
              fcPerNm: FC_PER_NM,
              localShare: LOCAL_FLIGHT_PAID_SHARE * 100,
              scoreMin: FC_SCORE_MULTIPLIER_MIN,
              scoreMax: FC_SCORE_MULTIPLIER_MAX,
              satisfactionMin: FC_SATISFACTION_MULTIPLIER_MIN,
              satisfactionMax: FC_SATISFACTION_MULTIPLIER_MAX,
            },
          },
          { kind: 'table', table: 'categories' },
          // 200 NM x medium haul x firm landing x a perfect score: the page's worked example.
          text('p2', { example: Math.round(200 * FC_PER_NM * FC_CATEGORY_MULTIPLIER.MEDIUM_HAUL * FC_LANDING_MULTIPLIER.firm * FC_SCORE_MULTIPLIER_MAX) }),
        ],
      },
      {
        id: 'xp',
        blocks: [
          text('p1', { perNm: XP_PER_NM, perHour: XP_PER_AIRBORNE_HOUR, perPoint: XP_PER_LANDING_POINT, perSatisfaction: SATISFACTION_XP_PER_POINT }),
        ],
      },
      {
        id: 'no-pay',
        blocks: [
          text('p1'),
          text('p2', { hours24: FLIGHT_DURATION_LIMIT_HOURS, rest: REST_PERIOD_HOURS, monthly: MONTHLY_LIMIT_HOURS }),
        ],
      },
      { id: 'bonuses', blocks: [text('p1'), text('p2', { sponsor: REFERRAL_SPONSOR_BONUS_FC, referred: REFERRAL_REFERRED_BONUS_FC })] },
      { id: 'miles', blocks: [text('p1'), text('p2')] },
    ],
  },
  {
    slug: 'afrv',
    key: 'afrv',
    sections: [
      { id: 'what', blocks: [text('p1'), text('p2')] },
      { id: 'setup', blocks: [{ kind: 'steps', keys: ['s1', 's2', 's3'] }] },
      { id: 'fly', blocks: [text('p1'), text('p2')] },
      { id: 'problems', blocks: [{ kind: 'list', keys: ['notSet', 'rejected', 'grounded', 'unavailable', 'notConfigured'] }] },
      { id: 'privacy', blocks: [text('p1')] },
    ],
  },
  {
    slug: 'ledger',
    key: 'ledger',
    sections: [
      { id: 'why', blocks: [text('p1')] },
      { id: 'record', blocks: [text('p1'), text('p2')] },
      { id: 'block', blocks: [text('p1'), text('p2'), text('p3')] },
      { id: 'leaf', blocks: [text('p1')] },
      { id: 'signature', blocks: [text('p1')] },
      { id: 'browser', blocks: [text('p1'), text('p2')] },
      { id: 'trust', blocks: [text('p1')] },
    ],
  },
  {
    slug: 'airlines',
    key: 'airlines',
    sections: [
      { id: 'join', blocks: [text('p1'), text('p2')] },
      { id: 'book', blocks: [text('p1'), text('p2', { minutes: AIRLINE_BOOKING_TIMEOUT_MINUTES })] },
      { id: 'fly', blocks: [text('p1')] },
      { id: 'pay', blocks: [text('p1', { salary: BASE_SALARY_FC }), text('p2')] },
    ],
  },
  {
    slug: 'faq',
    key: 'faq',
    sections: [
      { id: 'no-simulator', blocks: [text('answer')] },
      { id: 'no-tracker', blocks: [text('answer')] },
      { id: 'no-flightcoins', blocks: [text('answer')] },
      { id: 'pending', blocks: [text('answer')] },
      { id: 'pause', blocks: [text('answer', { points: EVENT_PENALTY_POINTS.PAUSE_IN_FLIGHT_STARTED ?? 0, max: MAX_PENALISED_OCCURRENCES })] },
      { id: 'rate', blocks: [text('answer', { points: EVENT_PENALTY_POINTS.SIMULATION_RATE_CHANGED ?? 0, max: MAX_PENALISED_OCCURRENCES })] },
      { id: 'lost-flight', blocks: [text('answer')] },
      { id: 'miles', blocks: [text('answer')] },
      { id: 'server-settings', blocks: [text('answer')] },
    ],
  },
];

export const findHelpTopic = (slug: string | undefined): THelpTopic | undefined => HELP_TOPICS.find((topic) => topic.slug === slug);

/** A section id in the address (`#first-flight`) as a key of the namespace (`firstFlight`). */
export const sectionKey = (id: string): string => id.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
