import { ALL_AIRCRAFT_SYSTEMS, ZAircraftInformation, type TAircraftInformation, type TAircraftSystems } from './aircraft-information';

/**
 * The curated aircraft catalogue: the types simulator pilots fly (MSFS and X-Plane defaults and
 * favourites, airliners of every size, freighters, business aircraft and helicopters).
 *
 * Where the figures come from: manufacturers' published data sheets and airport planning documents
 * (Airbus "Aircraft characteristics", Boeing "Airplane characteristics for airport planning",
 * ATR, Embraer, Bombardier/De Havilland, Cessna/Textron, Piper, Cirrus, Diamond, Daher, Pilatus,
 * Robinson, Bell, Airbus Helicopters) and EASA/FAA type-certificate data sheets for weights. They
 * are typical values for one common variant, rounded, not figures for any one airframe:
 * - `range`: range with a typical payload, NM (for freighters: with maximum payload).
 * - `maxPaxCapacity`: certified exit limit or maximum seating, passengers (crew excluded).
 * - `maxTakeOffWeight`: certified MTOW, kg. `maxCargoKg`: maximum structural payload (MZFW - OEW),
 *   kg; passengers and their bags count against it too.
 * - `cruiseSpeedKts`: typical cruise true airspeed (jets: the usual cruise Mach at the cruise altitude).
 * - `fuelBurnKgPerHour`: typical cruise burn of all engines; `fuelCapacityKg`: usable fuel, converted
 *   at 0.80 kg/L (jet fuel) or 0.72 kg/L (avgas), without optional auxiliary tanks.
 * - `approachSpeedKts` / `rotationSpeedKts`: typical Vref+additives and Vr at a usual landing or
 *   take-off weight. Helicopters have no Vr: the value is the speed at which they leave ground
 *   effect in a normal take-off.
 * - `defaultSeats`: a typical airline (or owner) layout; business aircraft seat everyone in business.
 *
 * Keys are ICAO Doc 8643 type designators. Where a freighter shares its designator with the passenger
 * version (747-8F and 747-8 are both B748, 767-300F and 767-300ER both B763), the freighter takes the
 * designator with an `F` suffix (`B748F`, `B763F`) so every catalogue key stays unique; the bare
 * designator is the passenger version. B77L (777F) and A306 (A300-600F) are only listed as freighters.
 */

const seats = (first: number, business: number, eco: number): TAircraftInformation['defaultSeats'] => ({
  first,
  business,
  eco,
});

const entries: TAircraftInformation[] = [
  {
    icao: 'C152', name: 'Cessna 152', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light',
    range: 415, maxPaxCapacity: 1, maxTakeOffWeight: 757, maxCargoKg: 54, engineCount: 1,
    cruiseSpeedKts: 107, cruiseAltitudeFt: 6000, fuelBurnKgPerHour: 17, fuelCapacityKg: 67,
    approachSpeedKts: 60, rotationSpeedKts: 50, defaultSeats: seats(0, 0, 1),
  },
  {
    icao: 'C172', name: 'Cessna 172S Skyhawk', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light',
    range: 640, maxPaxCapacity: 3, maxTakeOffWeight: 1157, maxCargoKg: 54, engineCount: 1,
    cruiseSpeedKts: 124, cruiseAltitudeFt: 8000, fuelBurnKgPerHour: 27, fuelCapacityKg: 144,
    approachSpeedKts: 65, rotationSpeedKts: 55, defaultSeats: seats(0, 0, 3),
  },
  {
    icao: 'C182', name: 'Cessna 182T Skylane', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light',
    range: 900, maxPaxCapacity: 3, maxTakeOffWeight: 1406, maxCargoKg: 91, engineCount: 1,
    cruiseSpeedKts: 145, cruiseAltitudeFt: 10000, fuelBurnKgPerHour: 38, fuelCapacityKg: 237,
    approachSpeedKts: 70, rotationSpeedKts: 55, defaultSeats: seats(0, 0, 3),
  },
  {
    icao: 'P28A', name: 'Piper PA-28-181 Archer', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light',
    range: 522, maxPaxCapacity: 3, maxTakeOffWeight: 1157, maxCargoKg: 91, engineCount: 1,
    cruiseSpeedKts: 128, cruiseAltitudeFt: 8000, fuelBurnKgPerHour: 28, fuelCapacityKg: 131,
    approachSpeedKts: 66, rotationSpeedKts: 55, defaultSeats: seats(0, 0, 3),
  },
  {
    icao: 'DA40', name: 'Diamond DA40 NG', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light',
    range: 750, maxPaxCapacity: 3, maxTakeOffWeight: 1310, maxCargoKg: 50, engineCount: 1,
    cruiseSpeedKts: 140, cruiseAltitudeFt: 8000, fuelBurnKgPerHour: 17, fuelCapacityKg: 118,
    approachSpeedKts: 70, rotationSpeedKts: 59, defaultSeats: seats(0, 0, 3),
  },
  {
    icao: 'SR22', name: 'Cirrus SR22', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light',
    range: 950, maxPaxCapacity: 4, maxTakeOffWeight: 1633, maxCargoKg: 59, engineCount: 1,
    cruiseSpeedKts: 183, cruiseAltitudeFt: 10000, fuelBurnKgPerHour: 46, fuelCapacityKg: 251,
    approachSpeedKts: 80, rotationSpeedKts: 70, defaultSeats: seats(0, 0, 4),
  },
  {
    icao: 'BE36', name: 'Beechcraft Bonanza G36', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light',
    range: 850, maxPaxCapacity: 5, maxTakeOffWeight: 1656, maxCargoKg: 122, engineCount: 1,
    cruiseSpeedKts: 176, cruiseAltitudeFt: 10000, fuelBurnKgPerHour: 41, fuelCapacityKg: 202,
    approachSpeedKts: 80, rotationSpeedKts: 70, defaultSeats: seats(0, 0, 5),
  },
  {
    icao: 'BE58', name: 'Beechcraft Baron G58', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light twin',
    range: 1400, maxPaxCapacity: 5, maxTakeOffWeight: 2495, maxCargoKg: 136, engineCount: 2,
    cruiseSpeedKts: 200, cruiseAltitudeFt: 12000, fuelBurnKgPerHour: 70, fuelCapacityKg: 529,
    approachSpeedKts: 95, rotationSpeedKts: 85, defaultSeats: seats(0, 0, 5),
  },
  {
    icao: 'DA62', name: 'Diamond DA62', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Light twin',
    range: 1285, maxPaxCapacity: 6, maxTakeOffWeight: 2300, maxCargoKg: 100, engineCount: 2,
    cruiseSpeedKts: 180, cruiseAltitudeFt: 12000, fuelBurnKgPerHour: 36, fuelCapacityKg: 260,
    approachSpeedKts: 85, rotationSpeedKts: 75, defaultSeats: seats(0, 0, 6),
  },
  {
    icao: 'DHC2', name: 'de Havilland Canada DHC-2 Beaver', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Bush',
    range: 395, maxPaxCapacity: 6, maxTakeOffWeight: 2313, maxCargoKg: 450, engineCount: 1,
    cruiseSpeedKts: 125, cruiseAltitudeFt: 5000, fuelBurnKgPerHour: 63, fuelCapacityKg: 259,
    approachSpeedKts: 60, rotationSpeedKts: 55, defaultSeats: seats(0, 0, 6),
  },
  {
    icao: 'DC3', name: 'Douglas DC-3', category: 'SMALL_HAUL', classification: 'Piston', tag: 'Classic',
    range: 1300, maxPaxCapacity: 32, maxTakeOffWeight: 11430, maxCargoKg: 2700, engineCount: 2,
    cruiseSpeedKts: 160, cruiseAltitudeFt: 10000, fuelBurnKgPerHour: 275, fuelCapacityKg: 2690,
    approachSpeedKts: 85, rotationSpeedKts: 75, defaultSeats: seats(0, 0, 21),
  },
  {
    icao: 'C208', name: 'Cessna 208B Grand Caravan EX', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Utility',
    range: 900, maxPaxCapacity: 13, maxTakeOffWeight: 3995, maxCargoKg: 1360, engineCount: 1,
    cruiseSpeedKts: 186, cruiseAltitudeFt: 10000, fuelBurnKgPerHour: 180, fuelCapacityKg: 1009,
    approachSpeedKts: 80, rotationSpeedKts: 70, defaultSeats: seats(0, 0, 12),
  },
  {
    icao: 'TBM9', name: 'Daher TBM 930/940', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Business',
    range: 1550, maxPaxCapacity: 5, maxTakeOffWeight: 3354, maxCargoKg: 150, engineCount: 1,
    cruiseSpeedKts: 330, cruiseAltitudeFt: 28000, fuelBurnKgPerHour: 180, fuelCapacityKg: 881,
    approachSpeedKts: 85, rotationSpeedKts: 90, defaultSeats: seats(0, 5, 0),
  },
  {
    icao: 'PC12', name: 'Pilatus PC-12 NGX', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Business',
    range: 1803, maxPaxCapacity: 9, maxTakeOffWeight: 4740, maxCargoKg: 900, engineCount: 1,
    cruiseSpeedKts: 290, cruiseAltitudeFt: 25000, fuelBurnKgPerHour: 190, fuelCapacityKg: 1218,
    approachSpeedKts: 90, rotationSpeedKts: 80, defaultSeats: seats(0, 0, 9),
  },
  {
    icao: 'B350', name: 'Beechcraft King Air 350i', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Business',
    range: 1600, maxPaxCapacity: 11, maxTakeOffWeight: 6804, maxCargoKg: 1000, engineCount: 2,
    cruiseSpeedKts: 312, cruiseAltitudeFt: 28000, fuelBurnKgPerHour: 300, fuelCapacityKg: 1633,
    approachSpeedKts: 100, rotationSpeedKts: 94, defaultSeats: seats(0, 9, 0),
  },
  {
    icao: 'DHC6', name: 'de Havilland Canada DHC-6 Twin Otter 400', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Utility',
    range: 700, maxPaxCapacity: 19, maxTakeOffWeight: 5670, maxCargoKg: 1500, engineCount: 2,
    cruiseSpeedKts: 170, cruiseAltitudeFt: 10000, fuelBurnKgPerHour: 272, fuelCapacityKg: 1145,
    approachSpeedKts: 75, rotationSpeedKts: 70, defaultSeats: seats(0, 0, 19),
  },
  {
    icao: 'SF50', name: 'Cirrus SF50 Vision Jet', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Business',
    range: 1275, maxPaxCapacity: 6, maxTakeOffWeight: 2722, maxCargoKg: 400, engineCount: 1,
    cruiseSpeedKts: 311, cruiseAltitudeFt: 28000, fuelBurnKgPerHour: 166, fuelCapacityKg: 896,
    approachSpeedKts: 85, rotationSpeedKts: 80, defaultSeats: seats(0, 5, 0),
  },
  {
    icao: 'HDJT', name: 'Honda HA-420 HondaJet Elite', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Business',
    range: 1437, maxPaxCapacity: 6, maxTakeOffWeight: 5035, maxCargoKg: 600, engineCount: 2,
    cruiseSpeedKts: 422, cruiseAltitudeFt: 43000, fuelBurnKgPerHour: 272, fuelCapacityKg: 1300,
    approachSpeedKts: 110, rotationSpeedKts: 105, defaultSeats: seats(0, 5, 0),
  },
  {
    icao: 'C25C', name: 'Cessna Citation CJ4', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Business',
    range: 2165, maxPaxCapacity: 9, maxTakeOffWeight: 7761, maxCargoKg: 923, engineCount: 2,
    cruiseSpeedKts: 451, cruiseAltitudeFt: 41000, fuelBurnKgPerHour: 450, fuelCapacityKg: 2640,
    approachSpeedKts: 115, rotationSpeedKts: 110, defaultSeats: seats(0, 7, 0),
  },
  {
    icao: 'C700', name: 'Cessna Citation Longitude', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Business',
    range: 3500, maxPaxCapacity: 12, maxTakeOffWeight: 17917, maxCargoKg: 726, engineCount: 2,
    cruiseSpeedKts: 476, cruiseAltitudeFt: 45000, fuelBurnKgPerHour: 700, fuelCapacityKg: 6622,
    approachSpeedKts: 115, rotationSpeedKts: 120, defaultSeats: seats(0, 8, 0),
  },
  {
    icao: 'SF34', name: 'Saab 340B', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Regional',
    range: 930, maxPaxCapacity: 36, maxTakeOffWeight: 13155, maxCargoKg: 3700, engineCount: 2,
    cruiseSpeedKts: 280, cruiseAltitudeFt: 20000, fuelBurnKgPerHour: 500, fuelCapacityKg: 2600,
    approachSpeedKts: 110, rotationSpeedKts: 105, defaultSeats: seats(0, 0, 34),
  },
  {
    icao: 'AT45', name: 'ATR 42-600', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Regional',
    range: 716, maxPaxCapacity: 50, maxTakeOffWeight: 18600, maxCargoKg: 5300, engineCount: 2,
    cruiseSpeedKts: 280, cruiseAltitudeFt: 22000, fuelBurnKgPerHour: 600, fuelCapacityKg: 4500,
    approachSpeedKts: 105, rotationSpeedKts: 100, defaultSeats: seats(0, 0, 48),
  },
  {
    icao: 'AT76', name: 'ATR 72-600', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Regional',
    range: 825, maxPaxCapacity: 78, maxTakeOffWeight: 23000, maxCargoKg: 7500, engineCount: 2,
    cruiseSpeedKts: 275, cruiseAltitudeFt: 22000, fuelBurnKgPerHour: 750, fuelCapacityKg: 5000,
    approachSpeedKts: 113, rotationSpeedKts: 110, defaultSeats: seats(0, 0, 70),
  },
  {
    icao: 'DH8D', name: 'De Havilland Canada Dash 8-400 (Q400)', category: 'SMALL_HAUL', classification: 'Turboprop', tag: 'Regional',
    range: 1100, maxPaxCapacity: 90, maxTakeOffWeight: 30481, maxCargoKg: 8600, engineCount: 2,
    cruiseSpeedKts: 360, cruiseAltitudeFt: 25000, fuelBurnKgPerHour: 1000, fuelCapacityKg: 5318,
    approachSpeedKts: 120, rotationSpeedKts: 115, defaultSeats: seats(0, 0, 78),
  },
  {
    icao: 'CRJ2', name: 'Bombardier CRJ200', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Regional',
    range: 1700, maxPaxCapacity: 50, maxTakeOffWeight: 24041, maxCargoKg: 6100, engineCount: 2,
    cruiseSpeedKts: 424, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 1100, fuelCapacityKg: 6489,
    approachSpeedKts: 140, rotationSpeedKts: 138, defaultSeats: seats(0, 0, 50),
  },
  {
    icao: 'CRJ7', name: 'Bombardier CRJ700', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Regional',
    range: 1378, maxPaxCapacity: 78, maxTakeOffWeight: 34019, maxCargoKg: 8500, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 1400, fuelCapacityKg: 8888,
    approachSpeedKts: 140, rotationSpeedKts: 145, defaultSeats: seats(0, 6, 64),
  },
  {
    icao: 'CRJ9', name: 'Bombardier CRJ900', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Regional',
    range: 1553, maxPaxCapacity: 90, maxTakeOffWeight: 38330, maxCargoKg: 10250, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 1600, fuelCapacityKg: 8822,
    approachSpeedKts: 140, rotationSpeedKts: 150, defaultSeats: seats(0, 12, 64),
  },
  {
    icao: 'E145', name: 'Embraer ERJ-145LR', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Regional',
    range: 1550, maxPaxCapacity: 50, maxTakeOffWeight: 22000, maxCargoKg: 5800, engineCount: 2,
    cruiseSpeedKts: 430, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 1000, fuelCapacityKg: 5187,
    approachSpeedKts: 130, rotationSpeedKts: 130, defaultSeats: seats(0, 0, 50),
  },
  {
    icao: 'E170', name: 'Embraer E170', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Regional',
    range: 2150, maxPaxCapacity: 78, maxTakeOffWeight: 38600, maxCargoKg: 9100, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 1500, fuelCapacityKg: 9335,
    approachSpeedKts: 125, rotationSpeedKts: 135, defaultSeats: seats(0, 6, 66),
  },
  {
    icao: 'E75L', name: 'Embraer E175', category: 'SMALL_HAUL', classification: 'Jet', tag: 'Regional',
    range: 2200, maxPaxCapacity: 88, maxTakeOffWeight: 40370, maxCargoKg: 10000, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 1600, fuelCapacityKg: 9335,
    approachSpeedKts: 130, rotationSpeedKts: 140, defaultSeats: seats(0, 12, 64),
  },
  {
    icao: 'E190', name: 'Embraer E190', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Regional',
    range: 2450, maxPaxCapacity: 114, maxTakeOffWeight: 51800, maxCargoKg: 13000, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2000, fuelCapacityKg: 12971,
    approachSpeedKts: 130, rotationSpeedKts: 135, defaultSeats: seats(0, 11, 89),
  },
  {
    icao: 'E195', name: 'Embraer E195', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Regional',
    range: 2300, maxPaxCapacity: 124, maxTakeOffWeight: 52290, maxCargoKg: 13700, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2100, fuelCapacityKg: 12971,
    approachSpeedKts: 135, rotationSpeedKts: 140, defaultSeats: seats(0, 12, 106),
  },
  {
    icao: 'E295', name: 'Embraer E195-E2', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Regional',
    range: 2600, maxPaxCapacity: 146, maxTakeOffWeight: 61500, maxCargoKg: 16150, engineCount: 2,
    cruiseSpeedKts: 450, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2000, fuelCapacityKg: 13690,
    approachSpeedKts: 130, rotationSpeedKts: 140, defaultSeats: seats(0, 12, 108),
  },
  {
    icao: 'BCS1', name: 'Airbus A220-100', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3400, maxPaxCapacity: 135, maxTakeOffWeight: 63100, maxCargoKg: 15100, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2100, fuelCapacityKg: 17100,
    approachSpeedKts: 125, rotationSpeedKts: 130, defaultSeats: seats(0, 12, 96),
  },
  {
    icao: 'BCS3', name: 'Airbus A220-300', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3450, maxPaxCapacity: 160, maxTakeOffWeight: 70900, maxCargoKg: 18600, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2200, fuelCapacityKg: 17100,
    approachSpeedKts: 130, rotationSpeedKts: 140, defaultSeats: seats(0, 12, 118),
  },
  {
    icao: 'A318', name: 'Airbus A318', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3100, maxPaxCapacity: 132, maxTakeOffWeight: 68000, maxCargoKg: 13500, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2300, fuelCapacityKg: 19368,
    approachSpeedKts: 130, rotationSpeedKts: 135, defaultSeats: seats(0, 12, 95),
  },
  {
    icao: 'A319', name: 'Airbus A319', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3700, maxPaxCapacity: 160, maxTakeOffWeight: 75500, maxCargoKg: 17700, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2300, fuelCapacityKg: 19368,
    approachSpeedKts: 130, rotationSpeedKts: 140, defaultSeats: seats(0, 8, 120),
  },
  {
    icao: 'A320', name: 'Airbus A320', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3300, maxPaxCapacity: 180, maxTakeOffWeight: 78000, maxCargoKg: 19900, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2500, fuelCapacityKg: 19368,
    approachSpeedKts: 135, rotationSpeedKts: 145, defaultSeats: seats(0, 12, 138),
  },
  {
    icao: 'A20N', name: 'Airbus A320neo', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3500, maxPaxCapacity: 194, maxTakeOffWeight: 79000, maxCargoKg: 20000, engineCount: 2,
    cruiseSpeedKts: 450, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2200, fuelCapacityKg: 19087,
    approachSpeedKts: 135, rotationSpeedKts: 145, defaultSeats: seats(0, 12, 150),
  },
  {
    icao: 'A321', name: 'Airbus A321', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3100, maxPaxCapacity: 220, maxTakeOffWeight: 93500, maxCargoKg: 25000, engineCount: 2,
    cruiseSpeedKts: 447, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2700, fuelCapacityKg: 19240,
    approachSpeedKts: 140, rotationSpeedKts: 150, defaultSeats: seats(0, 16, 169),
  },
  {
    icao: 'A21N', name: 'Airbus A321neo', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 3300, maxPaxCapacity: 244, maxTakeOffWeight: 97000, maxCargoKg: 25500, engineCount: 2,
    cruiseSpeedKts: 450, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2500, fuelCapacityKg: 18792,
    approachSpeedKts: 140, rotationSpeedKts: 150, defaultSeats: seats(0, 16, 180),
  },
  {
    icao: 'B737', name: 'Boeing 737-700', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 3010, maxPaxCapacity: 149, maxTakeOffWeight: 70080, maxCargoKg: 17500, engineCount: 2,
    cruiseSpeedKts: 453, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2400, fuelCapacityKg: 20816,
    approachSpeedKts: 130, rotationSpeedKts: 140, defaultSeats: seats(0, 8, 120),
  },
  {
    icao: 'B738', name: 'Boeing 737-800', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 2935, maxPaxCapacity: 189, maxTakeOffWeight: 79016, maxCargoKg: 21000, engineCount: 2,
    cruiseSpeedKts: 453, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2600, fuelCapacityKg: 20816,
    approachSpeedKts: 145, rotationSpeedKts: 150, defaultSeats: seats(0, 16, 144),
  },
  {
    icao: 'B739', name: 'Boeing 737-900ER', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 2950, maxPaxCapacity: 220, maxTakeOffWeight: 85139, maxCargoKg: 23000, engineCount: 2,
    cruiseSpeedKts: 453, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2800, fuelCapacityKg: 23728,
    approachSpeedKts: 150, rotationSpeedKts: 155, defaultSeats: seats(0, 16, 162),
  },
  {
    icao: 'B38M', name: 'Boeing 737 MAX 8', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 3550, maxPaxCapacity: 189, maxTakeOffWeight: 82191, maxCargoKg: 20800, engineCount: 2,
    cruiseSpeedKts: 453, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2300, fuelCapacityKg: 20653,
    approachSpeedKts: 145, rotationSpeedKts: 150, defaultSeats: seats(0, 16, 150),
  },
  {
    icao: 'B39M', name: 'Boeing 737 MAX 9', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 3550, maxPaxCapacity: 220, maxTakeOffWeight: 88314, maxCargoKg: 22500, engineCount: 2,
    cruiseSpeedKts: 453, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 2450, fuelCapacityKg: 20653,
    approachSpeedKts: 150, rotationSpeedKts: 155, defaultSeats: seats(0, 16, 162),
  },
  {
    icao: 'B722', name: 'Boeing 727-200 Advanced', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 2400, maxPaxCapacity: 189, maxTakeOffWeight: 95028, maxCargoKg: 18600, engineCount: 3,
    cruiseSpeedKts: 467, cruiseAltitudeFt: 33000, fuelBurnKgPerHour: 4500, fuelCapacityKg: 24500,
    approachSpeedKts: 135, rotationSpeedKts: 145, defaultSeats: seats(0, 12, 137),
  },
  {
    icao: 'MD82', name: 'McDonnell Douglas MD-82', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'McDonnell Douglas',
    range: 2050, maxPaxCapacity: 172, maxTakeOffWeight: 67812, maxCargoKg: 19000, engineCount: 2,
    cruiseSpeedKts: 440, cruiseAltitudeFt: 33000, fuelBurnKgPerHour: 3000, fuelCapacityKg: 17760,
    approachSpeedKts: 135, rotationSpeedKts: 140, defaultSeats: seats(0, 12, 130),
  },
  {
    icao: 'B752', name: 'Boeing 757-200', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 3915, maxPaxCapacity: 239, maxTakeOffWeight: 115680, maxCargoKg: 25500, engineCount: 2,
    cruiseSpeedKts: 460, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 3500, fuelCapacityKg: 34800,
    approachSpeedKts: 135, rotationSpeedKts: 145, defaultSeats: seats(0, 16, 160),
  },
  {
    icao: 'B753', name: 'Boeing 757-300', category: 'MEDIUM_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 3400, maxPaxCapacity: 295, maxTakeOffWeight: 123600, maxCargoKg: 30000, engineCount: 2,
    cruiseSpeedKts: 460, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 3800, fuelCapacityKg: 34800,
    approachSpeedKts: 140, rotationSpeedKts: 150, defaultSeats: seats(0, 24, 210),
  },
  {
    icao: 'B763', name: 'Boeing 767-300ER', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 5980, maxPaxCapacity: 351, maxTakeOffWeight: 186880, maxCargoKg: 43000, engineCount: 2,
    cruiseSpeedKts: 470, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 5400, fuelCapacityKg: 73100,
    approachSpeedKts: 140, rotationSpeedKts: 155, defaultSeats: seats(0, 30, 188),
  },
  {
    icao: 'B788', name: 'Boeing 787-8 Dreamliner', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 7355, maxPaxCapacity: 359, maxTakeOffWeight: 227930, maxCargoKg: 41000, engineCount: 2,
    cruiseSpeedKts: 488, cruiseAltitudeFt: 39000, fuelBurnKgPerHour: 5400, fuelCapacityKg: 101000,
    approachSpeedKts: 140, rotationSpeedKts: 155, defaultSeats: seats(0, 28, 214),
  },
  {
    icao: 'B789', name: 'Boeing 787-9 Dreamliner', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 7565, maxPaxCapacity: 420, maxTakeOffWeight: 254011, maxCargoKg: 52000, engineCount: 2,
    cruiseSpeedKts: 488, cruiseAltitudeFt: 39000, fuelBurnKgPerHour: 5800, fuelCapacityKg: 101100,
    approachSpeedKts: 145, rotationSpeedKts: 160, defaultSeats: seats(0, 30, 266),
  },
  {
    icao: 'B78X', name: 'Boeing 787-10 Dreamliner', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 6330, maxPaxCapacity: 440, maxTakeOffWeight: 254011, maxCargoKg: 57000, engineCount: 2,
    cruiseSpeedKts: 488, cruiseAltitudeFt: 39000, fuelBurnKgPerHour: 6200, fuelCapacityKg: 101100,
    approachSpeedKts: 150, rotationSpeedKts: 165, defaultSeats: seats(0, 40, 296),
  },
  {
    icao: 'B772', name: 'Boeing 777-200ER', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 7065, maxPaxCapacity: 440, maxTakeOffWeight: 297550, maxCargoKg: 55000, engineCount: 2,
    cruiseSpeedKts: 482, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 7000, fuelCapacityKg: 137000,
    approachSpeedKts: 140, rotationSpeedKts: 160, defaultSeats: seats(0, 37, 276),
  },
  {
    icao: 'B77W', name: 'Boeing 777-300ER', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 7370, maxPaxCapacity: 550, maxTakeOffWeight: 351534, maxCargoKg: 68000, engineCount: 2,
    cruiseSpeedKts: 482, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 7500, fuelCapacityKg: 145000,
    approachSpeedKts: 150, rotationSpeedKts: 170, defaultSeats: seats(8, 42, 310),
  },
  {
    icao: 'B744', name: 'Boeing 747-400', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 7260, maxPaxCapacity: 660, maxTakeOffWeight: 396890, maxCargoKg: 70000, engineCount: 4,
    cruiseSpeedKts: 490, cruiseAltitudeFt: 35000, fuelBurnKgPerHour: 10500, fuelCapacityKg: 173500,
    approachSpeedKts: 150, rotationSpeedKts: 165, defaultSeats: seats(14, 52, 350),
  },
  {
    icao: 'B748', name: 'Boeing 747-8 Intercontinental', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Boeing',
    range: 7730, maxPaxCapacity: 605, maxTakeOffWeight: 447700, maxCargoKg: 76000, engineCount: 4,
    cruiseSpeedKts: 495, cruiseAltitudeFt: 35000, fuelBurnKgPerHour: 10000, fuelCapacityKg: 194500,
    approachSpeedKts: 155, rotationSpeedKts: 170, defaultSeats: seats(8, 80, 322),
  },
  {
    icao: 'A332', name: 'Airbus A330-200', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 7250, maxPaxCapacity: 406, maxTakeOffWeight: 242000, maxCargoKg: 48000, engineCount: 2,
    cruiseSpeedKts: 470, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 5600, fuelCapacityKg: 111300,
    approachSpeedKts: 135, rotationSpeedKts: 150, defaultSeats: seats(0, 36, 210),
  },
  {
    icao: 'A333', name: 'Airbus A330-300', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 6350, maxPaxCapacity: 440, maxTakeOffWeight: 242000, maxCargoKg: 48000, engineCount: 2,
    cruiseSpeedKts: 470, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 5800, fuelCapacityKg: 111300,
    approachSpeedKts: 140, rotationSpeedKts: 155, defaultSeats: seats(0, 36, 241),
  },
  {
    icao: 'A339', name: 'Airbus A330-900', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 7200, maxPaxCapacity: 460, maxTakeOffWeight: 251000, maxCargoKg: 47000, engineCount: 2,
    cruiseSpeedKts: 470, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 5700, fuelCapacityKg: 111300,
    approachSpeedKts: 140, rotationSpeedKts: 155, defaultSeats: seats(0, 32, 255),
  },
  {
    icao: 'A359', name: 'Airbus A350-900', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 8100, maxPaxCapacity: 440, maxTakeOffWeight: 283000, maxCargoKg: 53300, engineCount: 2,
    cruiseSpeedKts: 488, cruiseAltitudeFt: 39000, fuelBurnKgPerHour: 5800, fuelCapacityKg: 112800,
    approachSpeedKts: 140, rotationSpeedKts: 150, defaultSeats: seats(0, 40, 275),
  },
  {
    icao: 'A35K', name: 'Airbus A350-1000', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 8700, maxPaxCapacity: 480, maxTakeOffWeight: 319000, maxCargoKg: 68000, engineCount: 2,
    cruiseSpeedKts: 488, cruiseAltitudeFt: 39000, fuelBurnKgPerHour: 6800, fuelCapacityKg: 127200,
    approachSpeedKts: 145, rotationSpeedKts: 160, defaultSeats: seats(0, 46, 323),
  },
  {
    icao: 'A388', name: 'Airbus A380-800', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Airbus',
    range: 8000, maxPaxCapacity: 853, maxTakeOffWeight: 575000, maxCargoKg: 84000, engineCount: 4,
    cruiseSpeedKts: 488, cruiseAltitudeFt: 37000, fuelBurnKgPerHour: 13000, fuelCapacityKg: 254000,
    approachSpeedKts: 140, rotationSpeedKts: 155, defaultSeats: seats(14, 76, 427),
  },
  {
    icao: 'CONC', name: 'Aerospatiale/BAC Concorde', category: 'LARGE_HAUL', classification: 'Jet', tag: 'Classic',
    range: 3900, maxPaxCapacity: 128, maxTakeOffWeight: 185070, maxCargoKg: 12700, engineCount: 4,
    cruiseSpeedKts: 1160, cruiseAltitudeFt: 58000, fuelBurnKgPerHour: 20500, fuelCapacityKg: 95680,
    approachSpeedKts: 162, rotationSpeedKts: 195, defaultSeats: seats(100, 0, 0),
  },
  {
    icao: 'A306', name: 'Airbus A300-600F', category: 'CARGO', classification: 'Jet', tag: 'Freighter',
    range: 2650, maxPaxCapacity: 0, maxTakeOffWeight: 170500, maxCargoKg: 48000, engineCount: 2,
    cruiseSpeedKts: 460, cruiseAltitudeFt: 35000, fuelBurnKgPerHour: 5000, fuelCapacityKg: 54500,
    approachSpeedKts: 140, rotationSpeedKts: 150, defaultSeats: seats(0, 0, 0),
  },
  {
    icao: 'B763F', name: 'Boeing 767-300F', category: 'CARGO', classification: 'Jet', tag: 'Freighter',
    range: 3255, maxPaxCapacity: 0, maxTakeOffWeight: 186880, maxCargoKg: 52700, engineCount: 2,
    cruiseSpeedKts: 470, cruiseAltitudeFt: 35000, fuelBurnKgPerHour: 5400, fuelCapacityKg: 73100,
    approachSpeedKts: 140, rotationSpeedKts: 155, defaultSeats: seats(0, 0, 0),
  },
  {
    icao: 'MD11', name: 'McDonnell Douglas MD-11F', category: 'CARGO', classification: 'Jet', tag: 'Freighter',
    range: 3592, maxPaxCapacity: 0, maxTakeOffWeight: 285990, maxCargoKg: 91600, engineCount: 3,
    cruiseSpeedKts: 473, cruiseAltitudeFt: 35000, fuelBurnKgPerHour: 8000, fuelCapacityKg: 117000,
    approachSpeedKts: 160, rotationSpeedKts: 170, defaultSeats: seats(0, 0, 0),
  },
  {
    icao: 'B77L', name: 'Boeing 777F', category: 'CARGO', classification: 'Jet', tag: 'Freighter',
    range: 4970, maxPaxCapacity: 0, maxTakeOffWeight: 347815, maxCargoKg: 102000, engineCount: 2,
    cruiseSpeedKts: 482, cruiseAltitudeFt: 35000, fuelBurnKgPerHour: 7500, fuelCapacityKg: 145000,
    approachSpeedKts: 150, rotationSpeedKts: 170, defaultSeats: seats(0, 0, 0),
  },
  {
    icao: 'B748F', name: 'Boeing 747-8F', category: 'CARGO', classification: 'Jet', tag: 'Freighter',
    range: 4120, maxPaxCapacity: 0, maxTakeOffWeight: 447700, maxCargoKg: 137700, engineCount: 4,
    cruiseSpeedKts: 493, cruiseAltitudeFt: 35000, fuelBurnKgPerHour: 10000, fuelCapacityKg: 184000,
    approachSpeedKts: 160, rotationSpeedKts: 175, defaultSeats: seats(0, 0, 0),
  },
  {
    icao: 'R44', name: 'Robinson R44 Raven II', category: 'SMALL_HAUL', classification: 'Helicopter', tag: 'Helicopter',
    range: 300, maxPaxCapacity: 3, maxTakeOffWeight: 1134, maxCargoKg: 300, engineCount: 1,
    cruiseSpeedKts: 110, cruiseAltitudeFt: 3000, fuelBurnKgPerHour: 41, fuelCapacityKg: 127,
    approachSpeedKts: 60, rotationSpeedKts: 40, defaultSeats: seats(0, 0, 3),
  },
  {
    icao: 'AS50', name: 'Airbus H125 (AS350 B3)', category: 'SMALL_HAUL', classification: 'Helicopter', tag: 'Helicopter',
    range: 320, maxPaxCapacity: 6, maxTakeOffWeight: 2250, maxCargoKg: 1000, engineCount: 1,
    cruiseSpeedKts: 130, cruiseAltitudeFt: 5000, fuelBurnKgPerHour: 170, fuelCapacityKg: 426,
    approachSpeedKts: 65, rotationSpeedKts: 40, defaultSeats: seats(0, 0, 5),
  },
  {
    icao: 'B407', name: 'Bell 407', category: 'SMALL_HAUL', classification: 'Helicopter', tag: 'Helicopter',
    range: 300, maxPaxCapacity: 6, maxTakeOffWeight: 2268, maxCargoKg: 1000, engineCount: 1,
    cruiseSpeedKts: 133, cruiseAltitudeFt: 4000, fuelBurnKgPerHour: 160, fuelCapacityKg: 387,
    approachSpeedKts: 65, rotationSpeedKts: 40, defaultSeats: seats(0, 0, 6),
  },
  {
    icao: 'EC35', name: 'Airbus H135', category: 'SMALL_HAUL', classification: 'Helicopter', tag: 'Helicopter',
    range: 342, maxPaxCapacity: 7, maxTakeOffWeight: 2980, maxCargoKg: 1400, engineCount: 2,
    cruiseSpeedKts: 137, cruiseAltitudeFt: 5000, fuelBurnKgPerHour: 220, fuelCapacityKg: 568,
    approachSpeedKts: 70, rotationSpeedKts: 40, defaultSeats: seats(0, 0, 6),
  },
];

/**
 * The systems each type lacks (from the same manufacturers' documents and pilot operating
 * handbooks); a type not listed under a system has it.
 * - Seat-belt sign: light pistons, the single-pilot TBM and Caravan, the Vision Jet and the
 *   helicopters brief their passengers in person; they have no cabin sign switch. The DC-3, Twin
 *   Otter, PC-12 and King Air carry passenger cabins with signs.
 * - Retractable gear: fixed tricycle or tailwheel gear (Cessna 152/172/182, Archer, DA40, SR22,
 *   Beaver, Caravan, Twin Otter) and skids (helicopters; the H135 and H125 in their skid versions).
 * - Strobe: the Beaver and the DC-3 (vintage types) have a beacon but no wing-tip strobes.
 */
const WITHOUT_SEAT_BELT_SIGN = new Set([
  'C152', 'C172', 'C182', 'P28A', 'DA40', 'SR22', 'BE36', 'BE58', 'DA62', 'DHC2', 'C208', 'TBM9', 'SF50',
  'R44', 'AS50', 'B407', 'EC35',
]);
const WITH_FIXED_GEAR = new Set(['C152', 'C172', 'C182', 'P28A', 'DA40', 'SR22', 'DHC2', 'C208', 'DHC6', 'R44', 'AS50', 'B407', 'EC35']);
const WITHOUT_STROBE = new Set(['DHC2', 'DC3']);
const WITHOUT_BEACON = new Set<string>();

const systemsOf = (icao: string): TAircraftSystems => ({
  seatBeltSign: !WITHOUT_SEAT_BELT_SIGN.has(icao),
  retractableGear: !WITH_FIXED_GEAR.has(icao),
  strobe: !WITHOUT_STROBE.has(icao),
  beacon: !WITHOUT_BEACON.has(icao),
});

/** Every catalogue entry, validated by the same schema the API answers with. */
export const aircraftCatalogue: readonly TAircraftInformation[] = Object.freeze(
  entries.map((entry) => ZAircraftInformation.parse({ ...entry, systems: systemsOf(entry.icao) })),
);

const byIcao = new Map(aircraftCatalogue.map((aircraft) => [aircraft.icao, aircraft]));

/** Finds a catalogue type by its designator (case-insensitive, surrounding blanks ignored). */
export const findAircraftByIcao = (icao: string): TAircraftInformation | undefined =>
  byIcao.get(icao.trim().toUpperCase());

/** The systems of a type (every system for a type the catalogue does not know: the strict rules apply). */
export const aircraftSystemsFor = (icao: string): TAircraftSystems => byIcao.get(icao.trim().toUpperCase())?.systems ?? ALL_AIRCRAFT_SYSTEMS;
