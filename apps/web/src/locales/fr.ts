// Every French namespace, one JSON file each in ./fr/; a new namespace is added to en.ts, fr.ts and es.ts.
import common from './fr/common.json';
import aircraft from './fr/aircraft.json';
import airports from './fr/airports.json';
import auth from './fr/auth.json';
import shell from './fr/shell.json';
import profile from './fr/profile.json';
import validation from './fr/validation.json';
import errors from './fr/errors.json';
import map from './fr/map.json';
import sidePanel from './fr/side-panel.json';
import flightLog from './fr/flightLog.json';
import wallet from './fr/wallet.json';
import dashboard from './fr/dashboard.json';
import career from './fr/career.json';
import missions from './fr/missions.json';
import flight from './fr/flight.json';
import flightConfig from './fr/flight-config.json';
import flightCurrent from './fr/flight-current.json';
import tracker from './fr/tracker.json';
import notifications from './fr/notifications.json';
import affiliation from './fr/affiliation.json';
import notam from './fr/notam.json';
import store from './fr/store.json';
import eventValues from './fr/event-values.json';
import airlinePilot from './fr/airline-pilot.json';
import airlineMgr from './fr/airline-mgr.json';
import help from './fr/help.json';
import flightReview from './fr/flight-review.json';
import challenge from './fr/challenge.json';
import airlineWebhooks from './fr/airline-webhooks.json';
import type { english } from './en';

export const french = {
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
