import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZIssueNotamRequest, ZNotam, ZNotamQuery } from './notam-contract';

/** Notices to airmen: the /notam page, the flight configuration and the current flight's panel. */
export const notamRoutes = {
  /** Notices in force now; with `airports`, those about them and everyone's. */
  listInForce: declareRoute({ method: 'GET', path: '/api/v1/notam', tag: 'notam', query: ZNotamQuery, response: z.array(ZNotam) }),
  /** Whether to show the issue form: the same check as issuing, answered as a yes or no. */
  access: declareRoute({ method: 'GET', path: '/api/v1/notam/access', tag: 'notam', response: z.object({ canIssue: z.boolean() }) }),
  issue: declareRoute({ method: 'POST', path: '/api/v1/notam', tag: 'notam', status: 201, body: ZIssueNotamRequest, response: ZNotam }),
};
