import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFirstLoad } from '../scripts/bundle-report.mjs';
import { resources } from './testing/all-languages';

const dist = path.resolve(import.meta.dirname, '../dist');
const built = fs.existsSync(path.join(dist, 'index.html'));

// The test command builds the web app before this project runs; alone, build it first.
describe.skipIf(!built)('the first load (run `npm run build -w @contrail/web` first to check it)', () => {
  it('keeps the JavaScript index.html loads before any lazy chunk within 300 kB of gzip', () => {
    const { initialJsGzipBytes, limitBytes, chunks } = measureFirstLoad(dist);
    const largest = chunks.slice(0, 3).map((chunk) => `${chunk.file} ${chunk.gzipBytes} B (${Object.keys(chunk.holds).slice(0, 4).join(', ')})`);
    expect(initialJsGzipBytes, `largest initial chunks: ${largest.join('; ')}`).toBeLessThanOrEqual(limitBytes);
  });

  it('leaves MapLibre, the charts and the signed-in shell with its live channels to the screens that use them', () => {
    const owners = new Set(measureFirstLoad(dist).chunks.flatMap((chunk) => Object.keys(chunk.holds)));
    const lazyParts = ['maplibre-gl', 'chart.js', 'react-chartjs-2', 'socket.io-client', 'web:features/map', 'web:features/side-panel', 'web:features/help', 'web:features/store'];
    expect(lazyParts.filter((name) => owners.has(name))).toEqual([]);
  });

  it('carries the English texts only: French and Spanish come when chosen', () => {
    const code = measureFirstLoad(dist)
      .chunks.map((chunk) => fs.readFileSync(path.join(dist, chunk.file), 'utf8'))
      .join('\n');
    const holds = (text: string) => code.includes(text);
    expect({ en: holds(resources.en.help.toc), fr: holds(resources.fr.help.toc), es: holds(resources.es.validation.defaultField) }).toEqual({ en: true, fr: false, es: false });
  });
});
