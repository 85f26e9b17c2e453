import { roundedDistanceNm } from '../geo/great-circle';
import type { PlaneCategory } from '../reference/aircraft-information';
import type { MissionType, TMissionCargo } from './mission-contract';
import type { MissionPeriod } from './mission-rules';
import { createRandom, type Random } from './seeded-random';

/**
 * The mission generator: pure and seeded, so the same airports, seed and period always give the
 * same missions (the server stores them once per period; see mission.service).
 *
 * For each of `count` slots:
 * 1. pick a mission type by weight (charter 35%, cargo 25%, VIP 15%, medical 10%, humanitarian 15%)
 *    and, for charters, an aircraft category (small 40%, medium 40%, large 20%);
 * 2. pick the departure among the candidate airports (large airports only for long haul) and then
 *    the arrival by sampling up to 300 airports for one whose great-circle distance falls in the
 *    band of the category (SMALL_HAUL 60-500 NM, MEDIUM_HAUL 400-2,500, LARGE_HAUL 2,500-7,000,
 *    CARGO 400-4,000; VIP 200-2,000; MEDICAL 60-400). A slot with no such pair stays empty;
 * 3. size the load: passengers from the category's typical cabins, cargo lines from a list of
 *    goods whose total weight fits the category (SMALL 100-1,500 kg ... CARGO 10-80 t);
 * 4. CLRequired = a base per category (small 1, medium 5, cargo 12, large 20) + 0 to 4, +3 for VIP
 *    and humanitarian, +2 for medical, capped at 60: early pilots always have small missions;
 * 5. xpBonus = (100 + distance/20) x type factor (VIP 1.2, medical and humanitarian 1.3), capped
 *    at 600, the scale of a flight's own XP; fcBonus = distance/2 + 3 per passenger + 1 per 100 kg
 *    of cargo, x the same factor;
 * 6. the flight number is "CTR" and four digits; the window is the period.
 */
export type MissionAirportCandidate = {
  ident: string;
  name: string;
  municipality: string | null;
  type: 'large_airport' | 'medium_airport';
  latitudeDeg: number;
  longitudeDeg: number;
  elevationFt: number;
};

export type GeneratedMission = {
  /** Position of the mission in its period; (period key, slot) identifies a generated mission. */
  slot: number;
  periodKey: string;
  title: string;
  description: string;
  missionType: MissionType;
  aircraftCategory: PlaneCategory;
  flightNumber: string;
  CLRequired: number;
  startDate: Date;
  endDate: Date;
  departureIdent: string;
  arrivalIdent: string;
  distanceNm: number;
  cargos: TMissionCargo[];
  pax: number;
  xpBonus: number;
  fcBonus: number;
};

export type GenerateMissionsInput = {
  airports: readonly MissionAirportCandidate[];
  period: MissionPeriod;
  /** Mixed with the period key, so each period differs and a deployment can change its set. */
  seed: string;
  count: number;
};

type Band = readonly [minNm: number, maxNm: number];

const CATEGORY_BAND: Record<PlaneCategory, Band> = {
  SMALL_HAUL: [60, 500],
  MEDIUM_HAUL: [400, 2500],
  LARGE_HAUL: [2500, 7000],
  CARGO: [400, 4000],
};
const CATEGORY_BASE_LEVEL: Record<PlaneCategory, number> = { SMALL_HAUL: 1, MEDIUM_HAUL: 5, CARGO: 12, LARGE_HAUL: 20 };
const CATEGORY_PAX: Record<PlaneCategory, Band> = { SMALL_HAUL: [4, 70], MEDIUM_HAUL: [60, 180], LARGE_HAUL: [150, 350], CARGO: [0, 0] };
const CATEGORY_CARGO_KG: Record<PlaneCategory, Band> = {
  SMALL_HAUL: [100, 1500],
  MEDIUM_HAUL: [1000, 8000],
  LARGE_HAUL: [5000, 30000],
  CARGO: [10000, 80000],
};
const TYPE_FACTOR: Record<MissionType, number> = { CHARTER: 1, CARGO: 1, VIP: 1.2, MEDICAL: 1.3, HUMANITARIAN: 1.3 };
const TYPE_LEVEL_BONUS: Record<MissionType, number> = { CHARTER: 0, CARGO: 0, VIP: 3, MEDICAL: 2, HUMANITARIAN: 3 };
const TYPE_TITLE: Record<MissionType, string> = {
  CHARTER: 'Charter',
  CARGO: 'Cargo run',
  VIP: 'VIP transfer',
  MEDICAL: 'Medical flight',
  HUMANITARIAN: 'Humanitarian relief',
};

type Goods = { name: string; unitKg: number; pointsPerUnit: number };
const GOODS: Record<MissionType, readonly Goods[]> = {
  CHARTER: [
    { name: 'Checked baggage', unitKg: 20, pointsPerUnit: 1 },
    { name: 'Mail bags', unitKg: 25, pointsPerUnit: 2 },
  ],
  CARGO: [
    { name: 'Spare parts', unitKg: 150, pointsPerUnit: 4 },
    { name: 'Electronics', unitKg: 200, pointsPerUnit: 6 },
    { name: 'Fresh produce', unitKg: 500, pointsPerUnit: 8 },
    { name: 'Car parts', unitKg: 400, pointsPerUnit: 5 },
    { name: 'Machinery', unitKg: 1500, pointsPerUnit: 20 },
    { name: 'Express parcels', unitKg: 30, pointsPerUnit: 2 },
  ],
  VIP: [{ name: 'Luggage', unitKg: 25, pointsPerUnit: 2 }],
  MEDICAL: [
    { name: 'Medical supplies', unitKg: 20, pointsPerUnit: 5 },
    { name: 'Organ transport box', unitKg: 10, pointsPerUnit: 30 },
  ],
  HUMANITARIAN: [
    { name: 'Food rations', unitKg: 500, pointsPerUnit: 10 },
    { name: 'Drinking water', unitKg: 1000, pointsPerUnit: 12 },
    { name: 'Tents', unitKg: 80, pointsPerUnit: 3 },
    { name: 'Medicines', unitKg: 50, pointsPerUnit: 6 },
  ],
};

const ARRIVAL_TRIES = 300;

const placeOf = (airport: MissionAirportCandidate) => airport.municipality ?? airport.name;

const chooseTypeAndCategory = (random: Random): { missionType: MissionType; category: PlaneCategory; band: Band } => {
  const missionType = random.weighted<MissionType>([
    ['CHARTER', 35],
    ['CARGO', 25],
    ['VIP', 15],
    ['MEDICAL', 10],
    ['HUMANITARIAN', 15],
  ]);
  switch (missionType) {
    case 'CHARTER': {
      const category = random.weighted<PlaneCategory>([
        ['SMALL_HAUL', 40],
        ['MEDIUM_HAUL', 40],
        ['LARGE_HAUL', 20],
      ]);
      return { missionType, category, band: CATEGORY_BAND[category] };
    }
    case 'CARGO':
      return { missionType, category: 'CARGO', band: CATEGORY_BAND.CARGO };
    case 'VIP':
      return { missionType, category: 'SMALL_HAUL', band: [200, 2000] };
    case 'MEDICAL':
      return { missionType, category: 'SMALL_HAUL', band: [60, 400] };
    case 'HUMANITARIAN': {
      const category = random.weighted<PlaneCategory>([
        ['MEDIUM_HAUL', 60],
        ['CARGO', 40],
      ]);
      return { missionType, category, band: CATEGORY_BAND[category] };
    }
  }
};

const cargoLines = (random: Random, missionType: MissionType, category: PlaneCategory): TMissionCargo[] => {
  const goods = GOODS[missionType];
  const [minKg, maxKg] = missionType === 'VIP' || missionType === 'MEDICAL' ? [20, 400] : CATEGORY_CARGO_KG[category];
  const targetKg = random.int(minKg, maxKg);
  const lineCount = Math.min(goods.length, random.int(1, 3));
  const lines: TMissionCargo[] = [];
  const used = new Set<string>();
  for (let i = 0; i < lineCount; i += 1) {
    const item = random.pick(goods);
    if (used.has(item.name)) continue;
    used.add(item.name);
    const quantity = Math.max(1, Math.min(1000, Math.round(targetKg / lineCount / item.unitKg)));
    lines.push({ name: item.name, weight: item.unitKg, quantity, points: item.pointsPerUnit });
  }
  return lines;
};

const describe = (missionType: MissionType, from: MissionAirportCandidate, to: MissionAirportCandidate, pax: number, cargoKg: number, distanceNm: number): string => {
  const route = `${placeOf(from)} (${from.ident}) to ${placeOf(to)} (${to.ident}), ${distanceNm} NM`;
  switch (missionType) {
    case 'CHARTER':
      return `A tour operator needs ${pax} passengers flown from ${route}. Keep them comfortable and on time.`;
    case 'CARGO':
      return `Deliver ${Math.round(cargoKg / 100) / 10} t of freight from ${route}. Mind your weight and balance.`;
    case 'VIP':
      return `Fly ${pax} VIP guests from ${route}. A smooth ride and a soft landing are expected.`;
    case 'MEDICAL':
      return `Urgent medical transfer from ${route}: ${pax} patient${pax > 1 ? 's' : ''} and medical cargo on board.`;
    case 'HUMANITARIAN':
      return `Relief goods (${Math.round(cargoKg / 100) / 10} t) must reach ${placeOf(to)}. Fly them from ${route}.`;
  }
};

/** Generates up to `count` missions for the period; see the module comment for the rules. */
export const generateMissions = ({ airports, period, seed, count }: GenerateMissionsInput): GeneratedMission[] => {
  // Sorted copy: the result does not depend on the order the airports were read in.
  const candidates = [...airports].sort((a, b) => (a.ident < b.ident ? -1 : a.ident > b.ident ? 1 : 0));
  const large = candidates.filter((airport) => airport.type === 'large_airport');
  if (candidates.length < 2) return [];
  const random = createRandom(`${seed}:${period.key}`);
  const missions: GeneratedMission[] = [];

  for (let slot = 0; slot < count; slot += 1) {
    const { missionType, category, band } = chooseTypeAndCategory(random);
    const pool = category === 'LARGE_HAUL' && large.length >= 2 ? large : candidates;
    const departure = random.pick(pool);
    let arrival: MissionAirportCandidate | undefined;
    let distanceNm = 0;
    for (let attempt = 0; attempt < ARRIVAL_TRIES && !arrival; attempt += 1) {
      const candidate = random.pick(pool);
      if (candidate.ident === departure.ident) continue;
      const distance = roundedDistanceNm(
        { latitudeDeg: departure.latitudeDeg, longitudeDeg: departure.longitudeDeg },
        { latitudeDeg: candidate.latitudeDeg, longitudeDeg: candidate.longitudeDeg },
      );
      if (distance >= band[0] && distance <= band[1]) {
        arrival = candidate;
        distanceNm = distance;
      }
    }
    if (!arrival) continue;

    const [minPax, maxPax] = missionType === 'VIP' ? [2, 8] : missionType === 'MEDICAL' ? [1, 2] : CATEGORY_PAX[category];
    const pax = missionType === 'CARGO' || missionType === 'HUMANITARIAN' ? 0 : random.int(minPax, maxPax);
    const cargos = cargoLines(random, missionType, category);
    const cargoKg = cargos.reduce((sum, line) => sum + line.weight * line.quantity, 0);
    const factor = TYPE_FACTOR[missionType];
    const CLRequired = Math.min(60, CATEGORY_BASE_LEVEL[category] + random.int(0, 4) + TYPE_LEVEL_BONUS[missionType]);

    missions.push({
      slot,
      periodKey: period.key,
      title: `${TYPE_TITLE[missionType]}: ${placeOf(departure)} to ${placeOf(arrival)}`,
      description: describe(missionType, departure, arrival, pax, cargoKg, distanceNm),
      missionType,
      aircraftCategory: category,
      flightNumber: `CTR${random.int(1000, 9999)}`,
      CLRequired,
      startDate: period.startDate,
      endDate: period.endDate,
      departureIdent: departure.ident,
      arrivalIdent: arrival.ident,
      distanceNm,
      cargos,
      pax,
      xpBonus: Math.min(600, Math.round((100 + distanceNm / 20) * factor)),
      fcBonus: Math.round((distanceNm / 2 + pax * 3 + cargoKg / 100) * factor),
    });
  }
  return missions;
};
