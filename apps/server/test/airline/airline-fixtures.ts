import { PNG } from 'pngjs';
import { sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import { airports, countries } from '../../src/modules/airport/airport.schema';
import { inventoryItems, itemCategories, storeItems } from '../../src/modules/store/store.schema';
import { createSignedInUser, giveSubscription, multipartForm, signIn, uniqueSuffix, type SignedInUser } from '../support/factories';

/** A real PNG of the given size (the logo check decodes it). */
export const pngOfSize = (width: number, height: number): Buffer => {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
};

export const LOGO = pngOfSize(350, 185);

/** The airports and countries the airline tests use (real OurAirports values). */
export const seedAirlineReference = async (app: App): Promise<void> => {
  const db = app.deps.db;
  await db
    .insert(countries)
    .values([
      { code: 'FR', name: 'France', continent: 'EU' },
      { code: 'GB', name: 'United Kingdom', continent: 'EU' },
    ])
    .onConflictDoNothing();
  const airport = (ident: string, type: string, name: string, lat: number, lon: number, iso: string) => ({
    ident,
    type,
    name,
    latitudeDeg: lat,
    longitudeDeg: lon,
    elevationFt: 100,
    isoCountry: iso,
    municipality: name,
  });
  await db
    .insert(airports)
    .values([
      airport('LFPG', 'large_airport', 'Charles de Gaulle', 49.0128, 2.55, 'FR'),
      airport('LFPO', 'large_airport', 'Paris-Orly', 48.7233, 2.3794, 'FR'),
      airport('LFMN', 'large_airport', 'Nice', 43.6584, 7.2159, 'FR'),
      airport('LFRS', 'medium_airport', 'Nantes', 47.1532, -1.6107, 'FR'),
      airport('EGLL', 'large_airport', 'Heathrow', 51.4706, -0.4619, 'GB'),
      airport('FR0001', 'heliport', 'Some heliport', 48.0, 2.0, 'FR'),
    ])
    .onConflictDoNothing();
};

export const premiumManager = async (app: App): Promise<SignedInUser> => {
  const user = await createSignedInUser(app);
  await giveSubscription(app, user.user.id, 'AIRLINE_MANAGER');
  return user;
};

export type AirlineFormFields = Record<string, string>;
export const airlineFields = (overrides: AirlineFormFields = {}): AirlineFormFields => {
  const suffix = uniqueSuffix();
  return {
    name: `Contrail Air ${suffix}`,
    code: suffix.slice(-3).toUpperCase().replace(/[^A-Z0-9]/g, 'X'),
    shortDescription: 'A friendly test airline from Paris',
    gameDifficulty: 'REALIST',
    hubAirportIdent: 'LFPG',
    planeCategory: 'MEDIUM_HAUL',
    ...overrides,
  };
};

let codeSequence = 0;
/** A fresh 3-character code (unique in one run; the database is per test file). */
export const nextCode = (): string => {
  codeSequence += 1;
  return `Q${codeSequence.toString(36).toUpperCase().padStart(2, '0')}`;
};

export const postAirline = (app: App, user: SignedInUser, fields: AirlineFormFields, photo: Buffer | null = LOGO, method: 'POST' | 'PUT' = 'POST', url = '/api/airline-manager/v1/airline') => {
  const form = multipartForm(fields, photo ? [{ field: 'photo', filename: 'logo.png', contentType: 'image/png', content: photo }] : []);
  return app.inject({ method, url, payload: form.payload, headers: { ...user.headers, ...form.headers } });
};

/** Creates an airline through the API; returns its id. */
export const createAirlineFor = async (app: App, user: SignedInUser, overrides: AirlineFormFields = {}): Promise<string> => {
  const response = await postAirline(app, user, airlineFields({ code: nextCode(), ...overrides }));
  if (response.statusCode !== 201) throw new Error(`create airline answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string }>().id;
};

/** An item in the airline's inventory: an aircraft (ICAO, category) or a hangar (size). */
export const giveAirlineItem = async (
  app: App,
  airlineId: string,
  item: { type: 'AIRCRAFT'; icao: string; category: 'SMALL_HAUL' | 'MEDIUM_HAUL' | 'LARGE_HAUL' | 'CARGO' } | { type: 'HANGAR'; size: 'SMALL' | 'MEDIUM' | 'LARGE' },
): Promise<string> => {
  const db = app.deps.db;
  await db.insert(itemCategories).values({ name: 'Airline test items' }).onConflictDoNothing();
  const [category] = await db.select().from(itemCategories).where(sql`${itemCategories.name} = 'Airline test items'`);
  const suffix = uniqueSuffix();
  const [storeItem] = await db
    .insert(storeItems)
    .values({
      slug: `test-${suffix}`,
      categoryId: category!.id,
      type: item.type,
      name: item.type === 'AIRCRAFT' ? `Test ${item.icao}` : `Test hangar ${item.size}`,
      description: 'test',
      currency: 'MFC',
      price: 1000,
      ...(item.type === 'AIRCRAFT' ? { aircraftIcao: item.icao, planeCategory: item.category } : { hangarSize: item.size, rarity: 'common' as const }),
    })
    .returning();
  const [owned] = await db.insert(inventoryItems).values({ airlineId, itemId: storeItem!.id }).returning();
  return owned!.id;
};

export const API = '/api/airline-manager/v1';

/** Signs the user in again at the app's current clock (tokens expire when a test moves time on). */
export const refreshSession = async (app: App, user: SignedInUser): Promise<void> => {
  const session = await signIn(app, user.user.userName, user.password);
  user.headers = { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken };
};
