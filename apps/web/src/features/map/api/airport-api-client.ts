import { apiBaseUrls } from '../../../config/app-config';
import { createApiClient } from '../../../lib/api-client';

/** The airport API has its own base URL (DESIGN.md "Services and paths"). */
export const airportApiClient = createApiClient({ baseUrl: apiBaseUrls.airport });
