/** An airport as the search lists it: `ident` and the server's label. */
export type AirportOption = { ident: string; label: string };

export type AirportLabelParts = { ident: string; name: string; municipality: string | null; isoCountry: string | null };

// "LFPG - Charles de Gaulle International Airport (Paris, FR)" or "XXXX - Name (FR)" (see airportLabel in the domain).
const LABEL = /^(?<ident>\S+) - (?<name>.+) \((?<place>[^()]*)\)$/;

/** Splits the server's label into its parts; an unexpected label is kept whole as the name. */
export const parseAirportLabel = (option: AirportOption): AirportLabelParts => {
  const groups = LABEL.exec(option.label)?.groups;
  if (!groups?.name || groups.place === undefined) return { ident: option.ident, name: option.label, municipality: null, isoCountry: null };
  const comma = groups.place.lastIndexOf(',');
  const isoCountry = (comma < 0 ? groups.place : groups.place.slice(comma + 1)).trim() || null;
  const municipality = comma < 0 ? null : groups.place.slice(0, comma).trim() || null;
  return { ident: option.ident, name: groups.name, municipality, isoCountry };
};

/** The country's name in `language` ("FR" -> "France"), or the code when the browser does not know it. */
export const countryName = (isoCountry: string, language: string): string => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(isoCountry) ?? isoCountry;
  } catch {
    return isoCountry;
  }
};
