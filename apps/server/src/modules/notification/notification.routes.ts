import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZActionResponse } from '@contrail/domain/common/action-response';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { ZNotificationPage, ZNotificationQuery, ZNotificationSettings } from '@contrail/domain/notification/notification-types';
import { getMailer } from '../mail/mailer';
import { notificationMailJob } from './notification-mail';
import { restPeriodOverJob } from './rest-period';
import { currentUser } from '../../plugins/authentication';
import { openNotificationChannel } from './notification-live';
import { getNotificationSettings, listNotifications, readAllNotifications, readNotification, updateNotificationSettings } from './notification.service';

/** Main API: a user's notifications (spec section 7) and the live channel that announces them. */
export const notificationModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const live = openNotificationChannel(fastify);
  app.deps.jobs.register(notificationMailJob(app.deps.db, getMailer(fastify), app.deps.config.PUBLIC_URL));
  app.deps.jobs.register(restPeriodOverJob(app.deps.db));
  const tags = ['notification'];

  app.get(
    '/v1/notification/user/:userId',
    {
      preHandler: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], params: z.object({ userId: z.uuid() }), querystring: ZNotificationQuery, response: { 200: ZNotificationPage } },
    },
    async (request) => {
      const language = languageFromAcceptLanguage(request.headers['accept-language']);
      return listNotifications(app.deps.db, currentUser(request), request.params.userId, request.query, { language, now: app.deps.clock.now() });
    },
  );

  app.put(
    '/v1/notification/:id/read',
    {
      preHandler: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], params: z.object({ id: z.uuid() }), response: { 200: ZActionResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      await readNotification(app.deps.db, user.id, request.params.id);
      live.announceRead(user.id, { ids: [request.params.id] });
      return { success: true, message: 'Notification read', errorCode: null };
    },
  );

  app.put(
    '/v1/notification/user/:userId/read',
    {
      preHandler: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], params: z.object({ userId: z.uuid() }), response: { 200: ZActionResponse } },
    },
    async (request) => {
      const count = await readAllNotifications(app.deps.db, currentUser(request), request.params.userId);
      live.announceRead(request.params.userId, { all: true });
      return { success: true, message: `${count} notifications read`, errorCode: null };
    },
  );

  app.get(
    '/v1/notification/user/:userId/settings',
    {
      preHandler: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], params: z.object({ userId: z.uuid() }), response: { 200: ZNotificationSettings } },
    },
    async (request) => getNotificationSettings(app.deps.db, currentUser(request), request.params.userId),
  );

  app.put(
    '/v1/notification/user/:userId/settings',
    {
      preHandler: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], params: z.object({ userId: z.uuid() }), body: ZNotificationSettings, response: { 200: ZNotificationSettings } },
    },
    async (request) =>
      updateNotificationSettings(app.deps.db, currentUser(request), request.params.userId, request.body, {
        language: languageFromAcceptLanguage(request.headers['accept-language']),
        now: app.deps.clock.now(),
      }),
  );
};
