import { airportLabel, type AirportType, type TAirportSearchPage } from '@contrail/domain/reference/airport-contract';

/**
 * The in-memory airport search index (docs/decisions/0003-airport-data.md).
 *
 * Airports are kept in a fixed "rank" order (large, medium, small airports, seaplane bases,
 * heliports, balloon ports, closed; then by ident). Every word of the ident, IATA code, GPS code,
 * name and municipality, lower-cased and without accents, is a token with the sorted list of the
 * airports holding it. A query word matches every token it is a prefix of (binary search in the
 * sorted token list), and an airport matches when each query word matches one of its tokens.
 * Results come in rank order, with an exact ident and then an exact IATA code first, or by
 * distance from `fromIdent` (dot product of unit vectors: no trigonometry per candidate).
 *
 * A search touches only the postings of the query's tokens, so it takes microseconds on 80,000
 * airports, well inside the 10 ms p99 budget at 200 concurrent searches. Not thread-safe by design:
 * Node runs it on one thread, and the scratch arrays are reused between searches.
 */
export type IndexedAirport = {
  ident: string;
  name: string;
  municipality: string | null;
  isoCountry: string;
  iataCode: string | null;
  gpsCode: string | null;
  type: string;
  latitudeDeg: number;
  longitudeDeg: number;
};

export type AirportSearch = {
  query: string;
  page: number;
  size: number;
  fromIdent?: string | undefined;
  /** "hub": large and medium airports only. */
  context?: string | undefined;
};

const TYPE_RANK: Record<AirportType, number> = {
  large_airport: 0,
  medium_airport: 1,
  small_airport: 2,
  seaplane_base: 3,
  heliport: 4,
  balloonport: 5,
  closed: 6,
};
const typeRank = (type: string): number => TYPE_RANK[type as AirportType] ?? 7;

/** Lower case, accents removed, anything but letters and digits turned into spaces. */
export const normalizeSearchText = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const wordsOf = (value: string | null): string[] => (value ? normalizeSearchText(value).split(' ').filter(Boolean) : []);

const toRad = Math.PI / 180;

export class AirportSearchIndex {
  readonly size: number;
  private readonly airports: IndexedAirport[];
  private readonly labels: string[];
  private readonly byIdent = new Map<string, number>();
  private readonly byIata = new Map<string, number[]>();
  private readonly tokens: string[];
  private readonly postings: Int32Array[];
  private readonly isHubType: Uint8Array;
  private readonly unit: Float64Array;
  /** Scratch: the search generation that last saw each airport. */
  private readonly seen: Int32Array;
  /** Scratch: closeness to the current search's origin. */
  private readonly closeness: Float64Array;
  private generation = 0;

  constructor(input: readonly IndexedAirport[]) {
    this.airports = [...input].sort((a, b) => typeRank(a.type) - typeRank(b.type) || (a.ident < b.ident ? -1 : a.ident > b.ident ? 1 : 0));
    const n = this.airports.length;
    this.size = n;
    this.labels = this.airports.map((airport) => airportLabel(airport));
    this.isHubType = new Uint8Array(n);
    this.unit = new Float64Array(n * 3);
    this.seen = new Int32Array(n);
    this.closeness = new Float64Array(n);

    const tokenMap = new Map<string, number[]>();
    this.airports.forEach((airport, i) => {
      this.byIdent.set(airport.ident, i);
      if (airport.iataCode) {
        const list = this.byIata.get(airport.iataCode) ?? [];
        list.push(i);
        this.byIata.set(airport.iataCode, list);
      }
      this.isHubType[i] = typeRank(airport.type) <= 1 ? 1 : 0;
      const lat = airport.latitudeDeg * toRad;
      const lon = airport.longitudeDeg * toRad;
      this.unit[i * 3] = Math.cos(lat) * Math.cos(lon);
      this.unit[i * 3 + 1] = Math.cos(lat) * Math.sin(lon);
      this.unit[i * 3 + 2] = Math.sin(lat);

      const own = new Set([
        ...wordsOf(airport.ident),
        airport.ident.toLowerCase(),
        ...wordsOf(airport.iataCode),
        ...wordsOf(airport.gpsCode),
        ...wordsOf(airport.name),
        ...wordsOf(airport.municipality),
      ]);
      for (const token of own) {
        const list = tokenMap.get(token);
        if (list) list.push(i);
        else tokenMap.set(token, [i]);
      }
    });
    this.tokens = [...tokenMap.keys()].sort();
    this.postings = this.tokens.map((token) => Int32Array.from(tokenMap.get(token)!));
  }

  get(ident: string): IndexedAirport | undefined {
    const i = this.byIdent.get(ident.toUpperCase());
    return i === undefined ? undefined : this.airports[i];
  }

  labelOf(ident: string): string | undefined {
    const i = this.byIdent.get(ident.toUpperCase());
    return i === undefined ? undefined : this.labels[i];
  }

  search({ query, page, size, fromIdent, context }: AirportSearch): TAirportSearchPage {
    const words = [...new Set(normalizeSearchText(query).split(' ').filter(Boolean))];
    if (words.length === 0) return { totalItems: 0, totalPages: 0, items: [] };

    // Token ranges per word; the word with the fewest postings seeds the candidates.
    const ranges = words.map((word) => {
      const from = this.lowerBound(word);
      const to = this.lowerBound(`${word}\uffff`);
      let count = 0;
      for (let t = from; t < to; t += 1) count += this.postings[t]!.length;
      return { from, to, count };
    });
    ranges.sort((a, b) => a.count - b.count);
    if (ranges[0]!.count === 0) return { totalItems: 0, totalPages: 0, items: [] };

    let generation = this.nextGeneration();
    let candidates: number[] = [];
    const first = ranges[0]!;
    for (let t = first.from; t < first.to; t += 1) {
      for (const i of this.postings[t]!) {
        if (this.seen[i] !== generation) {
          this.seen[i] = generation;
          candidates.push(i);
        }
      }
    }
    for (let r = 1; r < ranges.length && candidates.length > 0; r += 1) {
      generation = this.nextGeneration();
      const range = ranges[r]!;
      for (let t = range.from; t < range.to; t += 1) for (const i of this.postings[t]!) this.seen[i] = generation;
      candidates = candidates.filter((i) => this.seen[i] === generation);
    }
    if (context?.toLowerCase() === 'hub') candidates = candidates.filter((i) => this.isHubType[i] === 1);

    // Exact ident, then exact IATA code, before everything else.
    const compact = query.trim().toUpperCase();
    const pinned: number[] = [];
    const exactIdent = this.byIdent.get(compact);
    if (exactIdent !== undefined) pinned.push(exactIdent);
    for (const i of this.byIata.get(compact) ?? []) if (i !== exactIdent) pinned.push(i);
    const pinnedInResults = pinned.filter((i) => candidates.includes(i));
    const pinnedSet = new Set(pinnedInResults);
    const rest = pinnedSet.size > 0 ? candidates.filter((i) => !pinnedSet.has(i)) : candidates;

    const total = candidates.length;
    const wanted = (page + 1) * size;
    const origin = fromIdent === undefined ? undefined : this.byIdent.get(fromIdent.toUpperCase());
    const ordered =
      origin === undefined ? smallest(rest, wanted - pinnedInResults.length, (a, b) => a - b) : this.nearest(rest, origin, wanted - pinnedInResults.length);
    const page_ = [...pinnedInResults, ...ordered].slice(page * size, wanted);
    return {
      totalItems: total,
      totalPages: Math.ceil(total / size),
      items: page_.map((i) => ({ ident: this.airports[i]!.ident, label: this.labels[i]! })),
    };
  }

  /** The `k` candidates closest to `origin` (largest dot product of unit vectors), nearest first. */
  private nearest(candidates: number[], origin: number, k: number): number[] {
    const ox = this.unit[origin * 3]!;
    const oy = this.unit[origin * 3 + 1]!;
    const oz = this.unit[origin * 3 + 2]!;
    const closeness = this.closeness;
    for (const i of candidates) closeness[i] = this.unit[i * 3]! * ox + this.unit[i * 3 + 1]! * oy + this.unit[i * 3 + 2]! * oz;
    return smallest(candidates, k, (a, b) => closeness[b]! - closeness[a]! || a - b);
  }

  private nextGeneration(): number {
    this.generation += 1;
    if (this.generation === 0x7fffffff) {
      this.seen.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  private lowerBound(value: string): number {
    let lo = 0;
    let hi = this.tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.tokens[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * The `k` smallest items under `compare`, in order: a full sort when `k` is a large share of the
 * list, otherwise one pass keeping a sorted buffer of `k` (k is a page or a few, lists can be 80k).
 */
const smallest = (items: number[], k: number, compare: (a: number, b: number) => number): number[] => {
  if (k <= 0) return [];
  if (k * 8 >= items.length) return [...items].sort(compare).slice(0, k);
  const best: number[] = [];
  for (const item of items) {
    if (best.length === k && compare(item, best[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(best[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
};
