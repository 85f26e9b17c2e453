/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';

/** The real network snapshots beside the repository (`../shared/data/networks` from its root). */
export const NETWORK_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/networks');
export const hasNetworkData = fs.existsSync(NETWORK_DATA_DIR);
if (!hasNetworkData) console.warn(`Skipping real-snapshot tests: ${NETWORK_DATA_DIR} is absent`);

export const readFeedJson = (fileName: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(NETWORK_DATA_DIR, fileName), 'utf8'));
