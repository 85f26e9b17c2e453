import { totalPagesOf } from '@contrail/domain/api/page';
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
 * A search touches only the postings of the query's tokens: microseconds for most queries, up to a
 * tenth of a millisecond for a short prefix that thousands of airports share (pages are cached
 * above the index, in airport.service.ts). Not thread-safe by design:
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
  /**
   * Every token's postings, one after the other in token order: token t's airports are
   * postings[cumulative[t]] to postings[cumulative[t + 1]]. One array rather than one per token
   * (about 94,000 on the full data set), so the collector has far fewer objects to walk.
   */
  private readonly postings: Int32Array;
  private readonly isHubType: Uint8Array;
  private readonly unit: Float64Array;
  /** Scratch: the search generation that last saw each airport. */
  private readonly seen: Int32Array;
  /** Scratch: the candidates of the current search. */
  private readonly found: Int32Array;
  /** cumulative[t] = postings of the tokens before t: where token t's postings start, and a prefix range's size in O(1). */
  private readonly cumulative: Int32Array;
  private generation = 0;

  constructor(input: readonly IndexedAirport[]) {
    this.airports = [...input].sort((a, b) => typeRank(a.type) - typeRank(b.type) || (a.ident < b.ident ? -1 : a.ident > b.ident ? 1 : 0));
    const n = this.airports.length;
    this.size = n;
    this.labels = this.airports.map((airport) => airportLabel(airport));
    this.isHubType = new Uint8Array(n);
    this.unit = new Float64Array(n * 3);
    this.seen = new Int32Array(n);
    this.found = new Int32Array(n);

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
    const lists = this.tokens.map((token) => tokenMap.get(token)!);
    this.cumulative = new Int32Array(this.tokens.length + 1);
    lists.forEach((list, t) => {
      this.cumulative[t + 1] = this.cumulative[t]! + list.length;
    });
    this.postings = new Int32Array(this.cumulative[this.tokens.length]!);
    lists.forEach((list, t) => this.postings.set(list, this.cumulative[t]));
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
    const ranges = words
      .map((word) => {
        const from = this.lowerBound(word);
        const to = this.lowerBound(`${word}\uffff`);
        return { from, to, count: this.cumulative[to]! - this.cumulative[from]! };
      })
      .sort((a, b) => a.count - b.count);
    if (ranges[0]!.count === 0) return { totalItems: 0, totalPages: 0, items: [] };

    const seen = this.seen;
    const found = this.found;
    let generation = this.nextGeneration();
    let total = 0;
    const postings = this.postings;
    const cumulative = this.cumulative;
    // A prefix range's tokens are consecutive, so are their postings: one slice of `postings`.
    const first = ranges[0]!;
    for (let p = cumulative[first.from]!, end = cumulative[first.to]!; p < end; p += 1) {
      const i = postings[p]!;
      if (seen[i] !== generation) {
        seen[i] = generation;
        found[total++] = i;
      }
    }
    for (let r = 1; r < ranges.length && total > 0; r += 1) {
      generation = this.nextGeneration();
      const range = ranges[r]!;
      for (let p = cumulative[range.from]!, end = cumulative[range.to]!; p < end; p += 1) seen[postings[p]!] = generation;
      let kept = 0;
      for (let c = 0; c < total; c += 1) if (seen[found[c]!] === generation) found[kept++] = found[c]!;
      total = kept;
    }
    if (context?.toLowerCase() === 'hub') {
      let kept = 0;
      for (let c = 0; c < total; c += 1) if (this.isHubType[found[c]!] === 1) found[kept++] = found[c]!;
      total = kept;
    }
    // Every candidate now carries `generation` in `seen` only if it survived: re-mark the survivors.
    generation = this.nextGeneration();
    for (let c = 0; c < total; c += 1) seen[found[c]!] = generation;

    // Exact ident, then exact IATA code, before everything else.
    const compact = query.trim().toUpperCase();
    const pinned: number[] = [];
    const exactIdent = this.byIdent.get(compact);
    if (exactIdent !== undefined && seen[exactIdent] === generation) pinned.push(exactIdent);
    for (const i of this.byIata.get(compact) ?? []) if (i !== exactIdent && seen[i] === generation) pinned.push(i);
    for (const i of pinned) seen[i] = 0; // excluded from the ordered rest

    const wanted = (page + 1) * size;
    const restWanted = wanted - pinned.length;
    const origin = fromIdent === undefined ? undefined : this.byIdent.get(fromIdent.toUpperCase());
    const ordered =
      origin === undefined ? this.firstInRank(total, generation, restWanted) : this.nearest(total, generation, origin, restWanted);
    const pageItems = [...pinned, ...ordered].slice(page * size, wanted);
    return {
      totalItems: total,
      totalPages: totalPagesOf(total, size),
      items: pageItems.map((i) => ({ ident: this.airports[i]!.ident, label: this.labels[i]! })),
    };
  }

  /** The first `k` marked candidates in rank order (= index order). */
  private firstInRank(total: number, generation: number, k: number): number[] {
    if (k <= 0 || total === 0) return [];
    const result: number[] = [];
    if (total * 16 < this.size) {
      // Sparse: sort the few candidates.
      const marked: number[] = [];
      for (let c = 0; c < total; c += 1) if (this.seen[this.found[c]!] === generation) marked.push(this.found[c]!);
      marked.sort((a, b) => a - b);
      return marked.slice(0, k);
    }
    // Dense: walk the rank order until k are found (about k * size / total steps).
    for (let i = 0; i < this.size && result.length < k; i += 1) if (this.seen[i] === generation) result.push(i);
    return result;
  }

  /** The `k` marked candidates closest to `origin` (largest dot product of unit vectors), nearest first. */
  private nearest(total: number, generation: number, origin: number, k: number): number[] {
    if (k <= 0) return [];
    const unit = this.unit;
    const ox = unit[origin * 3]!;
    const oy = unit[origin * 3 + 1]!;
    const oz = unit[origin * 3 + 2]!;
    // Bounded buffer of the best k, sorted by closeness descending (ties by rank).
    const best: number[] = [];
    const bestKey: number[] = [];
    for (let c = 0; c < total; c += 1) {
      const i = this.found[c]!;
      if (this.seen[i] !== generation) continue;
      const key = unit[i * 3]! * ox + unit[i * 3 + 1]! * oy + unit[i * 3 + 2]! * oz;
      const last = best.length - 1;
      if (best.length === k && (key < bestKey[last]! || (key === bestKey[last]! && i > best[last]!))) continue;
      let lo = 0;
      let hi = best.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (bestKey[mid]! > key || (bestKey[mid] === key && best[mid]! < i)) lo = mid + 1;
        else hi = mid;
      }
      best.splice(lo, 0, i);
      bestKey.splice(lo, 0, key);
      if (best.length > k) {
        best.pop();
        bestKey.pop();
      }
    }
    return best;
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
