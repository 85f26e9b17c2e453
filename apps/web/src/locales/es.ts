// Every Spanish namespace, one JSON file each in ./es/; a new namespace is added to en.ts, fr.ts and es.ts.
import common from './es/common.json';
import aircraft from './es/aircraft.json';
import airports from './es/airports.json';
import auth from './es/auth.json';
import shell from './es/shell.json';
import profile from './es/profile.json';
import validation from './es/validation.json';
import errors from './es/errors.json';
import map from './es/map.json';
import sidePanel from './es/side-panel.json';
import flightLog from './es/flightLog.json';
import wallet from './es/wallet.json';
import dashboard from './es/dashboard.json';
import career from './es/career.json';
import missions from './es/missions.json';
import flight from './es/flight.json';
import flightConfig from './es/flight-config.json';
import flightCurrent from './es/flight-current.json';
import tracker from './es/tracker.json';
import notifications from './es/notifications.json';
import affiliation from './es/affiliation.json';
import notam from './es/notam.json';
import store from './es/store.json';
import eventValues from './es/event-values.json';
import airlinePilot from './es/airline-pilot.json';
import airlineMgr from './es/airline-mgr.json';
import help from './es/help.json';
import flightReview from './es/flight-review.json';
import challenge from './es/challenge.json';
import airlineWebhooks from './es/airline-webhooks.json';
import type { english } from './en';

export const spanish = {
  common,
  aircraft,
  airports,
  auth,
  shell,
  profile,
  validation,
  errors,
  map,
  sidePanel,
  flightLog,
  wallet,
  dashboard,
  career,
  missions,
  flight,
  flightConfig,
  flightCurrent,
  tracker,
  notifications,
  affiliation,
  notam,
  store,
  eventValues,
  airlinePilot,
  airlineMgr,
  help,
  flightReview,
  challenge,
  airlineWebhooks,
} satisfies Record<keyof typeof english, unknown>;
