import type { i18n as I18n } from 'i18next';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { DEFAULT_BOOSTER_PACKS, DEFAULT_ITEMS } from '@contrail/domain/store/catalogue';

/**
 * Names and descriptions the server sends from its catalogues, in the pilot's language. The web
 * translates by a stable code (a licence's code) or, for store items and booster packs whose API
 * carries no code, by the slug of the default catalogue entry whose English text the server sent.
 * Anything else (an item an admin created or renamed) keeps the server's text.
 */
export const licenceName = (i18n: I18n, licence: { code: string; name: string }): string =>
  i18n.t(`aircraft:licences.${licence.code}`, { defaultValue: licence.name });

type CatalogueText = { name: string; description: string };
type DefaultEntry = CatalogueText & { slug: string };

const itemByName = new Map<string, DefaultEntry>(DEFAULT_ITEMS.map((item) => [item.name, item]));
const packByName = new Map<string, DefaultEntry>(DEFAULT_BOOSTER_PACKS.map((pack) => [pack.name, pack]));

const translated = (i18n: I18n, group: 'items' | 'packs', known: DefaultEntry | undefined, sent: CatalogueText): CatalogueText => {
  if (!known) return sent;
  const key = `store:catalogue.${group}.${known.slug}`;
  return {
    name: i18n.t(`${key}.name`, { defaultValue: sent.name }),
    // An admin may have reworded the description only: theirs is kept then.
    description: sent.description === known.description ? i18n.t(`${key}.description`, { defaultValue: sent.description }) : sent.description,
  };
};

/** A store item's name and description (an inventory line or a cart line has the name only). */
export const storeItemText = (i18n: I18n, item: { name: string; description?: string }): CatalogueText =>
  translated(i18n, 'items', itemByName.get(item.name), { name: item.name, description: item.description ?? '' });

export const boosterPackText = (i18n: I18n, pack: CatalogueText): CatalogueText => translated(i18n, 'packs', packByName.get(pack.name), pack);

/** The English mission type titles of the generator (domain mission/mission-generator.ts). */
const GENERATED_TYPE_TITLE: Record<TMission['missionType'], string> = {
  CHARTER: 'Charter',
  CARGO: 'Cargo run',
  VIP: 'VIP transfer',
  MEDICAL: 'Medical flight',
  HUMANITARIAN: 'Humanitarian relief',
};

type MissionTextSource = Pick<TMission, 'title' | 'description' | 'missionType' | 'source' | 'departureAirport' | 'arrivalAirport' | 'pax' | 'cargos' | 'distanceNm'>;

/**
 * A mission's title and description. A generated mission is written again from its data in the
 * pilot's language; its places (cities) are read back from the generated English title
 * "<type>: <from> to <to>", the only place the API gives them. An admin's mission, or a title
 * that does not read that way, keeps the server's text.
 */
export const missionText = (i18n: I18n, mission: MissionTextSource): { title: string; description: string } => {
  const sent = { title: mission.title, description: mission.description };
  if (mission.source !== 'GENERATED') return sent;
  const prefix = `${GENERATED_TYPE_TITLE[mission.missionType]}: `;
  if (!mission.title.startsWith(prefix)) return sent;
  const places = mission.title.slice(prefix.length).split(' to ');
  if (places.length !== 2) return sent;
  const [from, to] = places as [string, string];
  const cargoKg = mission.cargos.reduce((total, cargo) => total + cargo.weight * cargo.quantity, 0);
  const route = i18n.t('missions:generated.route', {
    from,
    to,
    fromIdent: mission.departureAirport.ident,
    toIdent: mission.arrivalAirport.ident,
    distance: String(mission.distanceNm),
  });
  const values = { route, to, pax: String(mission.pax), count: mission.pax, tonnes: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(Math.round(cargoKg / 100) / 10) };
  return {
    title: i18n.t('missions:generated.title', { type: i18n.t(`missions:generated.types.${mission.missionType}`), from, to }),
    description: i18n.t(`missions:generated.descriptions.${mission.missionType}`, values),
  };
};

/** Goods the mission generator loads, by their English name. */
const CARGO_KEYS: Readonly<Record<string, string>> = {
  'Checked baggage': 'checkedBaggage',
  'Mail bags': 'mailBags',
  'Spare parts': 'spareParts',
  Electronics: 'electronics',
  'Fresh produce': 'freshProduce',
  'Car parts': 'carParts',
  Machinery: 'machinery',
  'Express parcels': 'expressParcels',
  Luggage: 'luggage',
  'Medical supplies': 'medicalSupplies',
  'Organ transport box': 'organTransportBox',
  'Food rations': 'foodRations',
  'Drinking water': 'drinkingWater',
  Tents: 'tents',
  Medicines: 'medicines',
};

/** A cargo line's name (generated goods are translated; a pilot's own cargo keeps its name). */
export const cargoName = (i18n: I18n, name: string): string => {
  const key = CARGO_KEYS[name];
  return key ? i18n.t(`missions:cargo.${key}`, { defaultValue: name }) : name;
};
