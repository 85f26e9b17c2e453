// An airline with a plane on a route and a member who may fly it, set up through the API for the
// journeys that build on it. The airline journey clicks through every one of these screens; the
// others start where it ends.
import type { ApiClient } from '@contrail/client/api-client';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';
import { PNG } from 'pngjs';
import { apiOf } from './api';
import type { Account } from './session';

/** A real 350 x 185 PNG, the logo size the airline form asks for. */
export const logoPng = (grey = 180): Buffer => {
  const png = new PNG({ width: 350, height: 185 });
  png.data.fill(grey);
  return PNG.sync.write(png);
};

/** Pays a checkout session in the embedded sandbox with the test card that always succeeds, as its page's form does. */
const payInSandbox = async (baseUrl: string, sessionUrl: string): Promise<void> => {
  // The session's address is the server's own path (the page follows it from the app's origin).
  const response = await fetch(new URL(sessionUrl, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`the sandbox did not take the card: ${response.status} ${await response.text()}`);
};

const userIdOf = async (api: ApiClient): Promise<string> => (await api.call(userRoutes.ownInformation)).id;

const storeItemNamed = async (api: ApiClient, name: string): Promise<{ id: string }> => {
  const page = await api.call(storeRoutes.items, { query: { page: 0, size: 50, search: name } });
  const item = page.items.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`no store item named ${name}`);
  return item;
};

/** Subscribes `account` to the monthly airline-manager plan, paid by card in the sandbox. */
export const subscribeAirlineManager = async (baseUrl: string, account: Account): Promise<void> => {
  const api = apiOf(baseUrl, account.tokens);
  const plans = await api.call(storeRoutes.subscriptions);
  const plan = plans.find((candidate) => candidate.code === 'AIRLINE_MANAGER' && candidate.type === 'MONTHLY');
  if (!plan) throw new Error('no monthly airline-manager plan in the catalogue');
  const checkout = await api.call(paymentRoutes.subscribe, { params: { userId: await userIdOf(api) }, body: { subscriptionId: plan.id, payment: { type: 'CARD' } } });
  await payInSandbox(baseUrl, checkout.sessionUrl);
};

export type AirlineFields = { name: string; code: string; shortDescription: string; hubAirportIdent: string; gameDifficulty: string; planeCategory: string };

/** Creates the airline (the form's multipart request, logo included: a declaration carries no file) and answers its id. */
export const createAirline = async (baseUrl: string, owner: Account, fields: AirlineFields): Promise<string> => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('photo', new Blob([new Uint8Array(logoPng(120))], { type: 'image/png' }), 'logo.png');
  return (await apiOf(baseUrl, owner.tokens).post<{ id: string }>('/api/airline-manager/v1/airline', form)).id;
};

/**
 * From a new airline (EASY economy, SMALL_HAUL): recruitment open, a small hangar and a Cessna 208
 * Caravan bought and built at the main hub, and the route `route` between its `airports`. The plane
 * is being built: it is delivered when the clock moves two days on.
 */
export const equipAirline = async (
  baseUrl: string,
  owner: Account,
  airlineId: string,
  route: { name: string; airports: string[]; departureTime: string; arrivalTime: string },
): Promise<void> => {
  const api = apiOf(baseUrl, owner.tokens);
  // The settings' JSON form (the screen sends them as multipart with the logo, under the same path).
  await api.put(`/api/airline-manager/v1/airline/${airlineId}`, { recruitmentOpened: true });
  const userId = await userIdOf(api);
  for (const name of ['Small hangar', 'Cessna 208 Caravan']) {
    const item = await storeItemNamed(api, name);
    await api.call(storeRoutes.buyItem, { body: { userId, itemId: item.id, quantity: 1, context: 'airline_manager', airlineId } });
  }
  const airline = await api.call(airlineRoutes.details, { params: { id: airlineId } });
  const hubId = (airline.hubs.find((hub) => hub.isMain) ?? airline.hubs[0])!.id;
  const inventory = await api.call(storeRoutes.airlineInventory, { params: { airlineId }, query: { page: 0, size: 100 } });
  const hangar = inventory.items.find((item) => item.typeName === 'HANGAR')!;
  const plane = inventory.items.find((item) => item.typeName === 'AIRCRAFT')!;
  await api.call(airlineAssetRoutes.buildHangar, { params: { id: airlineId }, body: { hubId, itemId: hangar.id } });
  await api.call(airlineAssetRoutes.buildPlane, {
    params: { id: airlineId },
    body: { itemId: plane.id, aircraftIcao: plane.aircraftIcao ?? '', hubId, configuration: { eco: 9, business: 0, first: 0 } },
  });
  await api.call(airlineAssetRoutes.createRoute, {
    params: { id: airlineId },
    body: { name: route.name, destinations: route.airports, planeCategory: 'SMALL_HAUL', departureTime: route.departureTime, arrivalTime: route.arrivalTime },
  });
};

/** `pilot` applies to the airline and `owner` accepts them. */
export const joinAirline = async (baseUrl: string, owner: Account, pilot: Account, airlineId: string): Promise<void> => {
  const pilotApi = apiOf(baseUrl, pilot.tokens);
  const ownerApi = apiOf(baseUrl, owner.tokens);
  await pilotApi.call(airlineRoutes.apply, { params: { id: airlineId }, body: { applicantUserId: await userIdOf(pilotApi) } });
  const applicants = await ownerApi.call(airlineRoutes.applicants, { params: { id: airlineId }, query: { page: 0, size: 20 } });
  const applicant = applicants.items.find((candidate) => candidate.userName === pilot.username);
  if (!applicant) throw new Error(`${pilot.username} is not among the applicants`);
  await ownerApi.call(airlineRoutes.acceptApplicant, { params: { id: airlineId, applicantId: applicant.id } });
};

/**
 * The pilot's start at `hub` with the Caravan's type rating: the career, a starter pack paid by card
 * (the rating costs more than a new pilot holds) and the single-engine turbine rating paid in FC.
 */
export const preparePilotForCaravan = async (baseUrl: string, pilot: Account, displayName: string, hub: string): Promise<void> => {
  const api = apiOf(baseUrl, pilot.tokens);
  await api.call(userRoutes.startCareer, { body: { displayName, homeHubIdent: hub } });
  const userId = await userIdOf(api);
  const starter = (await api.call(storeRoutes.packs)).find((pack) => pack.name === 'Starter pack');
  if (!starter) throw new Error('no Starter pack in the catalogue');
  const order = await api.call(storeRoutes.placeOrder, {
    params: { userId },
    body: { type: 'PACK', items: [{ itemId: starter.id, quantity: 1 }], payment: { type: 'CARD' }, context: 'pilot' },
  });
  await payInSandbox(baseUrl, order.checkout!.sessionUrl);
  const rating = await storeItemNamed(api, 'Single-engine turbine rating');
  await api.call(storeRoutes.placeOrder, { params: { userId }, body: { items: [{ itemId: rating.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'pilot' } });
};
