/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

/** The real SimBrief OFPs beside the repository (`../shared/data/simbrief` from its root). */
export const SIMBRIEF_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/simbrief');
export const hasSimbriefData = fs.existsSync(SIMBRIEF_DATA_DIR);
if (!hasSimbriefData) console.warn(`Skipping real-OFP tests: ${SIMBRIEF_DATA_DIR} is absent`);

export const readSimbriefFile = (fileName: string): string => fs.readFileSync(path.join(SIMBRIEF_DATA_DIR, fileName), 'utf8');

/** Empty elements become `{}` in SimBrief's JSON, as its XML-to-JSON conversion does. */
const emptyToObject = (value: unknown): unknown => {
  if (value === '') return {};
  if (Array.isArray(value)) return value.map(emptyToObject);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, emptyToObject(inner)]));
  }
  return value;
};

/** The JSON SimBrief serves for the same OFP (`&json=1`): the XML root's content, values as strings. */
export const simbriefJsonOf = (xml: string): Record<string, unknown> => {
  const document = new XMLParser({ ignoreAttributes: true, parseTagValue: false }).parse(xml) as Record<string, unknown>;
  const root = document.OFP ?? document.VMSAcars;
  return emptyToObject(root) as Record<string, unknown>;
};
