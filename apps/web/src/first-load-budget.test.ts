import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFirstLoad } from '../scripts/bundle-report.mjs';

const dist = path.resolve(import.meta.dirname, '../dist');
const built = fs.existsSync(path.join(dist, 'index.html'));

// The test command builds the web app before this project runs; alone, build it first.
describe.skipIf(!built)('the first load (run `npm run build -w @contrail/web` first to check it)', () => {
  it('keeps the JavaScript index.html loads before any lazy chunk within 300 kB of gzip', () => {
    const { initialJsGzipBytes, limitBytes, chunks } = measureFirstLoad(dist);
    const largest = chunks.slice(0, 3).map((chunk) => `${chunk.file} ${chunk.gzipBytes} B (${Object.keys(chunk.holds).slice(0, 4).join(', ')})`);
    expect(initialJsGzipBytes, `largest initial chunks: ${largest.join('; ')}`).toBeLessThanOrEqual(limitBytes);
  });

  it('leaves MapLibre and the charts to the screens that draw them', () => {
    const owners = new Set(measureFirstLoad(dist).chunks.flatMap((chunk) => Object.keys(chunk.holds)));
    expect(['maplibre-gl', 'chart.js', 'react-chartjs-2'].filter((name) => owners.has(name))).toEqual([]);
  });
});
