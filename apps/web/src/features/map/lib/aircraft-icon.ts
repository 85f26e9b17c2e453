/**
 * The aircraft symbol, drawn into RGBA pixels without a canvas (so it also builds in jsdom and in
 * a worker): a plane silhouette pointing north, rotated on the map by `icon-rotate` = heading.
 * One image per colour; MapLibre keeps them in its sprite atlas, so thousands of planes cost one
 * draw call per layer.
 */

/** Half-silhouette (right side), x to the right and y downwards in [-1, 1]; the nose at (0, -1). */
const RIGHT_HALF: [number, number][] = [
  [0, -1],
  [0.09, -0.86],
  [0.1, -0.3],
  [0.95, 0.14],
  [0.95, 0.3],
  [0.1, 0.12],
  [0.08, 0.62],
  [0.38, 0.84],
  [0.38, 0.96],
  [0, 0.88],
];

/** The full outline, right side then the mirrored left side. */
export const AIRCRAFT_OUTLINE: [number, number][] = [
  ...RIGHT_HALF,
  ...RIGHT_HALF.slice(1, -1)
    .reverse()
    .map(([x, y]): [number, number] => [-x, y]),
];

const isInside = (x: number, y: number, polygon: [number, number][], scale: number): boolean => {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    const y1 = yi * scale;
    const y2 = yj * scale;
    if (y1 > y !== y2 > y && x < ((xj - xi) * scale * (y - y1)) / (y2 - y1) + xi * scale) inside = !inside;
  }
  return inside;
};

const parseHex = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

export type AircraftImage = { width: number; height: number; data: Uint8ClampedArray };

/**
 * A `sizePx` square image: the silhouette in `fillHex` over a slightly larger dark outline, with
 * 4x4 supersampling for smooth edges. Pixels are straight (not premultiplied) RGBA.
 */
export const drawAircraftImage = (sizePx: number, fillHex: string, outlineHex = '#0f172a'): AircraftImage => {
  const data = new Uint8ClampedArray(sizePx * sizePx * 4);
  const fill = parseHex(fillHex);
  const outline = parseHex(outlineHex);
  const samples = 4;
  for (let py = 0; py < sizePx; py += 1) {
    for (let px = 0; px < sizePx; px += 1) {
      let fillHits = 0;
      let outlineHits = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / sizePx) * 2 - 1;
          const y = ((py + (sy + 0.5) / samples) / sizePx) * 2 - 1;
          if (isInside(x, y, AIRCRAFT_OUTLINE, 0.86)) fillHits += 1;
          else if (isInside(x, y, AIRCRAFT_OUTLINE, 0.98) || isInside(x * 0.88, y, AIRCRAFT_OUTLINE, 0.98)) outlineHits += 1;
        }
      }
      const total = samples * samples;
      const alpha = (fillHits + outlineHits) / total;
      if (alpha === 0) continue;
      const f = fillHits / (fillHits + outlineHits);
      const offset = (py * sizePx + px) * 4;
      data[offset] = Math.round(fill[0] * f + outline[0] * (1 - f));
      data[offset + 1] = Math.round(fill[1] * f + outline[1] * (1 - f));
      data[offset + 2] = Math.round(fill[2] * f + outline[2] * (1 - f));
      data[offset + 3] = Math.round(alpha * 255);
    }
  }
  return { width: sizePx, height: sizePx, data };
};
