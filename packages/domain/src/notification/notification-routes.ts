import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZActionResponse } from '../common/action-response';
import { ZNotificationPage, ZNotificationQuery, ZNotificationSettings } from './notification-types';

const tag = 'notification';
const user = z.object({ userId: z.uuid() });

/** A user's notifications; the live channel that announces them is not a route. */
export const notificationRoutes = {
  /** Newest first, a page from page 0; texts in the caller's language. */
  list: declareRoute({ method: 'GET', path: '/api/v1/notification/user/:userId', tag, params: user, query: ZNotificationQuery, response: ZNotificationPage }),
  read: declareRoute({ method: 'PUT', path: '/api/v1/notification/:id/read', tag, params: z.object({ id: z.uuid() }), response: ZActionResponse }),
  readAll: declareRoute({ method: 'PUT', path: '/api/v1/notification/user/:userId/read', tag, params: user, response: ZActionResponse }),
  settings: declareRoute({ method: 'GET', path: '/api/v1/notification/user/:userId/settings', tag, params: user, response: ZNotificationSettings }),
  /** The server also keeps the page's language for the mails. */
  saveSettings: declareRoute({ method: 'PUT', path: '/api/v1/notification/user/:userId/settings', tag, params: user, body: ZNotificationSettings, response: ZNotificationSettings }),
};
