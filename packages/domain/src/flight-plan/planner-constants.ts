/**
 * Every figure Contrail's planner uses (generate-flight-plan.ts, navaid-route.ts, cruise-level.ts),
 * with its reasoning.
 */
export const PLANNER_CONSTANTS = {
  /**
   * Where no navaid is near, a long direct leg is split into equal legs of at most this length,
   * NM, each ending at a latitude/longitude point (one point every ~100 NM is how oceanic and
   * random routes are filed).
   */
  waypointSpacingNm: 100,
  /**
   * Routing over navaids. Only VOR, VOR-DME and VORTAC are filed: they define most high and low
   * airways; NDBs rarely do any more, and lone DMEs and military TACANs are not route fixes
   * (OurAirports has no airways, so the route chains navaids instead). A navaid qualifies when it lies within the corridor either side of
   * the great circle: 25 NM, or 15 % of the distance on a short hop (a 96 NM hop looks 14 NM
   * out), so the detour stays a few per cent, like a real airway route.
   */
  navaidCorridorNm: 25,
  navaidCorridorFraction: 0.15,
  /** Navaids this close to either airport are left out: that is the SID and STAR's part. NM. */
  navaidTerminalExclusionNm: 10,
  /** Consecutive route fixes at least this far apart, NM: closer fixes only clutter the route. */
  navaidMinSpacingNm: 20,
  /**
   * A leg longer than this costs extra (1 NM per NM beyond it) when choosing the chain: the
   * planner prefers a navaid every ~60 NM, the spacing of VORs along European airways.
   */
  navaidPreferredLegNm: 60,
  /**
   * Beyond this leg length no navaid is near enough (a high-altitude VOR serves 130 NM; 150 NM
   * between two means a wide gap): the leg is split into latitude/longitude points instead.
   */
  navaidMaxLegNm: 150,
  /**
   * No leg turns more than this away from the great-circle course, degrees: the route never
   * doubles back or zigzags from one side of the corridor to the other.
   */
  navaidMaxLegDeviationDeg: 30,
  /**
   * The semicircular rule reads the MAGNETIC track: the variation is that of the navaid closest to
   * the middle of the route, if one is within this distance, NM (variation changes by a degree or
   * so every 100 NM at mid-latitudes); without one the true track stands in.
   */
  variationSearchRadiusNm: 300,
  /**
   * Cruise level. A level the aircraft reaches must be held for at least this share of the route
   * in level flight (on a 96 NM jet hop about 15 NM, two minutes: short hops barely level off, but
   * they do), or the planner picks a lower one: a short hop is not planned at FL350 with the top of
   * descent right after the top of climb.
   */
  minCruiseFraction: 0.15,
  /**
   * Default level when the pilot does not choose one: at most this many feet per NM of route (a
   * dispatcher's rule of thumb: no higher than about FL150 on a 100 NM jet hop, a piston at 8,000 ft),
   * then the semicircular rule, the catalogue's typical cruise altitude as a ceiling, and the level
   * flight share above, which brings an 85 NM jet hop (EDDF-EDDS) to FL110 and EGLL-LFPG to FL230.
   */
  defaultLevelFtPerNm: { Jet: 150, Turboprop: 120, Piston: 80, Helicopter: 60 } as Record<string, number>,
  defaultDefaultLevelFtPerNm: 120,
  /** Lowest level the planner files: 1,500 ft above the higher airport, rounded up to a level. */
  minimumClearanceFt: 1500,
  /**
   * Semicircular rule (ICAO Annex 2, Appendix 3, RVSM table): magnetic track 000-179 flies odd
   * thousands (FL310, FL330...), 180-359 even thousands (FL300, FL320...). Above FL410 the levels
   * are 4,000 ft apart: eastbound FL410, FL450, FL490...; westbound FL430, FL470, FL510...
   */
  rvsmTopFt: 41000,
  /**
   * Average climb gradient, feet gained per NM over the ground. A jet climbs at about 2,000-2,500 fpm
   * at 250-300 kt ground speed early and less near the top: an A320 reaches FL350 about 130 NM out,
   * 35,000 / 130 = 270 ft/NM. Turboprops and pistons climb slower but fly much slower too:
   * 1,500 fpm at 200 kt (ATR) is 450 ft/NM.
   */
  climbGradientFtPerNm: { Jet: 270, Turboprop: 450, Piston: 450, Helicopter: 500 } as Record<string, number>,
  /** Fallback climb gradient for an unknown classification, ft/NM. */
  defaultClimbGradientFtPerNm: 400,
  /** Descent on a 3 degree path: tan(3 deg) x 6,076 ft = 318 ft/NM (the "3 NM per 1,000 ft" rule). */
  descentGradientFtPerNm: 318,
  /** Average ground speed in the climb and descent as a fraction of the cruise TAS (250 kt below FL100). */
  climbSpeedFactor: 0.65,
  descentSpeedFactor: 0.75,
  /** Fuel flow in the climb (climb thrust) and descent (near idle) as a fraction of the cruise burn. */
  climbBurnFactor: 1.6,
  descentBurnFactor: 0.4,
  /** Approach and landing allowance added to the flight time (vectors, configuration, final), seconds. */
  approachAllowanceSec: 6 * 60,
  /** Fuel flow during the approach allowance, fraction of the cruise burn. */
  approachBurnFactor: 0.6,
  /** Taxi times, seconds, and the ground fuel flow as a fraction of the cruise burn (engines near idle). */
  taxiOutSec: 10 * 60,
  taxiInSec: 5 * 60,
  taxiBurnFactor: 0.25,
  /** Contingency fuel: 5 % of the trip fuel (EU-OPS / EASA CAT.OP.MPA.150 standard). */
  contingencyFraction: 0.05,
  /** Alternate fuel when an alternate is planned: a fixed 30 minutes at cruise burn (no alternate airport is chosen). */
  alternateMinutes: 30,
  /** The legal final reserve is 45 minutes of average consumption (the cruise burn). */
  finalReserveMinutes: 45,
  /** EASA standard passenger mass (adult, with hand baggage) and checked bag mass, kg. */
  paxMassKg: 84,
  bagMassKg: 20,
  /** A freighter is loaded to this fraction of its maximum payload. */
  freighterLoadFactor: 0.7,
  /**
   * The catalogue has no empty weight: the operating empty weight is estimated as a fraction of the
   * MTOW, typical for each kind (A320 0.55, B738 0.52, B77W 0.48, ATR 72 0.58, C172 0.66).
   */
  emptyWeightFractionOfMtow: { Jet: 0.52, Turboprop: 0.58, Piston: 0.66, Helicopter: 0.6 } as Record<string, number>,
  defaultEmptyWeightFractionOfMtow: 0.55,
} as const;
