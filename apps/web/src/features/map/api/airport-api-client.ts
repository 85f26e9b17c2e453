import { apiBaseUrls } from '../../../config/app-config';
import { createApiClient } from '../../../lib/api-client';

/** The airport API has its own base URL, so a deployment can serve it apart. */
export const airportApiClient = createApiClient({ baseUrl: apiBaseUrls.airport });
