import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZActionResponse } from '../common/action-response';
import { ZAircraftConfiguration, ZAircraftInformationQuery, ZCreateAircraftConfigurationRequest, ZUpdateAircraftConfigurationRequest } from './aircraft-configuration';
import { ZAircraftIcao, ZAircraftInformation } from './aircraft-information';
import { ZCareerLevel } from './career-levels';
import { ZCountry, ZCountryQuery } from './countries';

const tag = 'core';
const icao = z.object({ icao: z.string().trim().toUpperCase().pipe(ZAircraftIcao) });
const configurationId = z.object({ id: z.string().min(1).max(64) });

/** Core API (prefix /api/core/v1): career levels, countries, aircraft types and seat configurations. */
export const coreRoutes = {
  careerLevels: declareRoute({ method: 'GET', path: '/api/core/v1/carreer-level', tag, signedIn: false, response: z.array(ZCareerLevel) }),
  /** Country names in `lang`, else in the caller's Accept-Language. */
  countries: declareRoute({ method: 'GET', path: '/api/core/v1/country', tag, signedIn: false, query: ZCountryQuery, response: z.array(ZCountry) }),
  aircraftInformation: declareRoute({
    method: 'GET',
    path: '/api/core/v1/aircraft-information',
    tag,
    signedIn: false,
    query: ZAircraftInformationQuery,
    response: z.array(ZAircraftInformation),
  }),
  aircraftInformationOf: declareRoute({ method: 'GET', path: '/api/core/v1/aircraft-information/:icao', tag, signedIn: false, params: icao, response: ZAircraftInformation }),
  defaultConfiguration: declareRoute({
    method: 'GET',
    path: '/api/core/v1/aircraft-config/type/DEFAULT/icao/:icao',
    tag,
    signedIn: false,
    params: icao,
    response: ZAircraftConfiguration,
  }),
  userConfigurations: declareRoute({
    method: 'GET',
    path: '/api/core/v1/aircraft-config/user/:userId',
    tag,
    params: z.object({ userId: z.uuid() }),
    response: z.array(ZAircraftConfiguration),
  }),
  createConfiguration: declareRoute({
    method: 'POST',
    path: '/api/core/v1/aircraft-config/',
    tag,
    status: 201,
    body: ZCreateAircraftConfigurationRequest,
    response: ZAircraftConfiguration,
  }),
  updateConfiguration: declareRoute({
    method: 'PUT',
    path: '/api/core/v1/aircraft-config/:id',
    tag,
    params: configurationId,
    body: ZUpdateAircraftConfigurationRequest,
    response: ZAircraftConfiguration,
  }),
  deleteConfiguration: declareRoute({ method: 'DELETE', path: '/api/core/v1/aircraft-config/:id', tag, params: configurationId, response: ZActionResponse }),
};
