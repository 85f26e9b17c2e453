import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The real OurAirports files beside the repository (runways, countries, regions; no airports.csv). */
export const sharedOurAirportsDir = path.resolve(import.meta.dirname, '../../../../../shared/data/ourairports');
export const hasSharedOurAirports = fs.existsSync(path.join(sharedOurAirportsDir, 'runways.csv'));
export const SKIP_MESSAGE = `real OurAirports data not found at ${sharedOurAirportsDir}`;

export const AIRPORTS_HEADER =
  'id,ident,type,name,latitude_deg,longitude_deg,elevation_ft,continent,iso_country,iso_region,municipality,scheduled_service,gps_code,iata_code,local_code,home_link,wikipedia_link,keywords';

/** A few real airports, in the real airports.csv layout and quoting. */
export const SMALL_AIRPORTS_CSV = [
  AIRPORTS_HEADER,
  '4185,"LFPG","large_airport","Charles de Gaulle International Airport",49.012798,2.55,392,"EU","FR","FR-IDF","Paris","yes","LFPG","CDG",,"http://www.aeroportsdeparis.fr/","https://en.wikipedia.org/wiki/Charles_de_Gaulle_Airport","PAR, Aéroport Roissy-Charles de Gaulle, Roissy Airport"',
  '4189,"LFPO","large_airport","Paris-Orly Airport",48.7233333,2.3794444,291,"EU","FR","FR-IDF","Paris","yes","LFPO","ORY",,,"https://en.wikipedia.org/wiki/Orly_Airport","PAR"',
  '4156,"LFMN","large_airport","Nice-Côte d\'Azur Airport",43.6584014893,7.215869903560001,12,"EU","FR","FR-PAC","Nice","yes","LFMN","NCE",,,,',
  '2434,"EGLL","large_airport","London Heathrow Airport",51.4706,-0.461941,83,"EU","GB","GB-ENG","London","yes","EGLL","LHR",,,,"LON, Londres"',
  '3622,"KJFK","large_airport","John F Kennedy International Airport",40.639447,-73.779317,13,"NA","US","US-NY","New York","yes","KJFK","JFK","JFK",,,"Manhattan, NYC"',
  '5054,"NZSP","medium_airport","Amundsen-Scott South Pole Station",-90,0,9300,"AN","AQ","AQ-U-A","South Pole","no","NZSP",,,,,',
  '6523,"00A","heliport","Total RF Heliport",40.070985,-74.933689,11,"NA","US","US-PA","Bensalem","no","K00A",,"00A",,,',
].join('\n');

/** A temporary folder holding `content` as airports.csv; removed by the returned function. */
export const writeAirportsCsv = (content: string): { file: string; remove: () => void } => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-airports-'));
  const file = path.join(folder, 'airports.csv');
  fs.writeFileSync(file, content);
  return { file, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
};

/** The import files: the small airports.csv plus the real runways, countries and regions. */
export const realFilesWith = (airportsFile: string) => ({
  airports: airportsFile,
  runways: path.join(sharedOurAirportsDir, 'runways.csv'),
  countries: path.join(sharedOurAirportsDir, 'countries.csv'),
  regions: path.join(sharedOurAirportsDir, 'regions.csv'),
});
