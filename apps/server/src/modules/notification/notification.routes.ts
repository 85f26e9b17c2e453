import type { FastifyPluginAsync } from 'fastify';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { notificationRoutes as routes } from '@contrail/domain/notification/notification-routes';
import { serveRoute } from '../../lib/serve-route';
import { getMailer } from '../mail/mailer';
import { notificationMailJob } from './notification-mail';
import { restPeriodOverJob } from './rest-period';
import { currentUser } from '../../plugins/authentication';
import { openNotificationChannel } from './notification-live';
import { getNotificationSettings, listNotifications, readAllNotifications, readNotification, updateNotificationSettings } from './notification.service';

/** Main API: a user's notifications and the live channel that announces them. */
export const notificationModule: FastifyPluginAsync = async (app) => {
  const live = openNotificationChannel(app);
  app.deps.jobs.register(notificationMailJob(app.deps.db, getMailer(app), app.deps.config.PUBLIC_URL));
  app.deps.jobs.register(restPeriodOverJob(app.deps.db));

  serveRoute(app, routes.list, async (request) => {
    const language = languageFromAcceptLanguage(request.headers['accept-language']);
    return listNotifications(app.deps.db, currentUser(request), request.params.userId, request.query, { language, now: app.deps.clock.now() });
  });

  serveRoute(app, routes.read, async (request) => {
    const user = currentUser(request);
    await readNotification(app.deps.db, user.id, request.params.id);
    live.announceRead(user.id, { ids: [request.params.id] });
    return { success: true, message: 'Notification read', errorCode: null };
  });

  serveRoute(app, routes.readAll, async (request) => {
    const count = await readAllNotifications(app.deps.db, currentUser(request), request.params.userId);
    live.announceRead(request.params.userId, { all: true });
    return { success: true, message: `${count} notifications read`, errorCode: null };
  });

  serveRoute(app, routes.settings, async (request) => getNotificationSettings(app.deps.db, currentUser(request), request.params.userId));

  serveRoute(app, routes.saveSettings, async (request) =>
    updateNotificationSettings(app.deps.db, currentUser(request), request.params.userId, request.body, {
      language: languageFromAcceptLanguage(request.headers['accept-language']),
      now: app.deps.clock.now(),
    }),
  );
};
