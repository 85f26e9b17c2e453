import type { FastifyPluginAsync } from 'fastify';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { careerLevels } from '@contrail/domain/reference/career-levels';
import { coreRoutes as routes } from '@contrail/domain/reference/core-routes';
import { listCountries } from '@contrail/domain/reference/countries';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import {
  createConfiguration,
  deleteConfiguration,
  getAircraftInformation,
  getDefaultConfiguration,
  listAircraftInformation,
  listConfigurationsOfUser,
  updateConfiguration,
} from './core.service';

/** Core API (prefix /api/core/v1): career levels, countries, aircraft types and seat configurations. */
export const coreRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  serveRoute(app, routes.careerLevels, async () => [...careerLevels]);
  serveRoute(app, routes.countries, async (request) =>
    listCountries(request.query.lang ?? languageFromAcceptLanguage(request.headers['accept-language'])),
  );
  serveRoute(app, routes.aircraftInformation, async (request) => listAircraftInformation(request.query.category));
  serveRoute(app, routes.aircraftInformationOf, async (request) => getAircraftInformation(request.params.icao));
  serveRoute(app, routes.defaultConfiguration, async (request) => getDefaultConfiguration(request.params.icao));
  serveRoute(app, routes.userConfigurations, async (request) => listConfigurationsOfUser(db, currentUser(request), request.params.userId));
  serveRoute(app, routes.createConfiguration, async (request) => createConfiguration(db, currentUser(request).id, request.body));
  serveRoute(app, routes.updateConfiguration, async (request) => updateConfiguration(db, currentUser(request).id, request.params.id, request.body));
  serveRoute(app, routes.deleteConfiguration, async (request) => {
    await deleteConfiguration(db, currentUser(request).id, request.params.id);
    return { success: true, message: 'Configuration deleted', errorCode: null };
  });
};
