// Every English namespace, one JSON file each in ./en/; a new namespace is added to en.ts, fr.ts and es.ts.
import common from './en/common.json';
import aircraft from './en/aircraft.json';
import airports from './en/airports.json';
import auth from './en/auth.json';
import shell from './en/shell.json';
import profile from './en/profile.json';
import validation from './en/validation.json';
import errors from './en/errors.json';
import map from './en/map.json';
import sidePanel from './en/side-panel.json';
import flightLog from './en/flightLog.json';
import wallet from './en/wallet.json';
import dashboard from './en/dashboard.json';
import career from './en/career.json';
import missions from './en/missions.json';
import flight from './en/flight.json';
import flightConfig from './en/flight-config.json';
import flightCurrent from './en/flight-current.json';
import tracker from './en/tracker.json';
import notifications from './en/notifications.json';
import affiliation from './en/affiliation.json';
import notam from './en/notam.json';
import store from './en/store.json';
import eventValues from './en/event-values.json';
import airlinePilot from './en/airline-pilot.json';
import airlineMgr from './en/airline-mgr.json';
import help from './en/help.json';
import flightReview from './en/flight-review.json';
import challenge from './en/challenge.json';
import airlineWebhooks from './en/airline-webhooks.json';

export const english = {
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
};
