/** The radio navaids the planner files routes over (PLANNER_CONSTANTS: VORs define the airways). */
export const RouteNavaidType = ['VOR', 'VOR-DME', 'VORTAC'] as const;
export type RouteNavaidType = (typeof RouteNavaidType)[number];

/** A VOR, VOR-DME or VORTAC (from OurAirports' navaids.csv, public domain). */
export type TNavaid = {
  /** Identifier as filed in a route, e.g. "LAM" (not unique worldwide: the position tells them apart). */
  ident: string;
  name: string;
  type: RouteNavaidType;
  latitudeDeg: number;
  longitudeDeg: number;
  /** Magnetic variation at the navaid, degrees, east positive; null when unknown. */
  magneticVariationDeg: number | null;
};

/** Header of the embedded navaid file (apps/server/data/embedded-navaids.csv.gz): the name last, as it may hold commas. */
export const NAVAID_FILE_HEADER = 'ident,type,latitude_deg,longitude_deg,magnetic_variation_deg,name';

const isRouteNavaidType = (value: string): value is RouteNavaidType => (RouteNavaidType as readonly string[]).includes(value);

/**
 * Parses the embedded navaid file: one navaid a line, `ident,type,lat,lon,variation,name`, no
 * quoting (the name is everything after the fifth comma). Throws on a malformed line, naming it.
 */
export const parseNavaidFile = (text: string): TNavaid[] => {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines[0] !== NAVAID_FILE_HEADER) throw new Error(`Navaid file: header "${NAVAID_FILE_HEADER}" expected`);
  return lines.slice(1).map((line, index) => {
    const fields = line.split(',');
    const [ident = '', type = '', latitude = '', longitude = '', variation = ''] = fields;
    const name = fields.slice(5).join(',');
    const latitudeDeg = Number(latitude);
    const longitudeDeg = Number(longitude);
    const isValid =
      ident !== '' &&
      isRouteNavaidType(type) &&
      latitude !== '' &&
      longitude !== '' &&
      Math.abs(latitudeDeg) <= 90 &&
      Math.abs(longitudeDeg) <= 180 &&
      (variation === '' || Number.isFinite(Number(variation)));
    if (!isValid) throw new Error(`Navaid file line ${index + 2} is not a navaid: ${line}`);
    return {
      ident,
      name,
      type,
      latitudeDeg,
      longitudeDeg,
      magneticVariationDeg: variation === '' ? null : Number(variation),
    };
  });
};
