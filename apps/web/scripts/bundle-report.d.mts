/** One JavaScript file of the first load: its sizes and each owner's share of its code. */
export type FirstLoadChunk = { file: string; rawBytes: number; gzipBytes: number; holds: Record<string, number> };

export type FirstLoad = { initialJsGzipBytes: number; limitBytes: number; withinLimit: boolean; chunks: FirstLoadChunk[] };

export const INITIAL_JS_LIMIT_BYTES: number;

export function measureFirstLoad(dist: string): FirstLoad;
