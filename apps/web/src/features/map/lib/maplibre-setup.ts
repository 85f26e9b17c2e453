import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

/**
 * MapLibre 6 does not guess where its worker lives once bundled: the worker file is emitted as an
 * asset by Vite (`?url`) and its URL given before the first map is created.
 */
setWorkerUrl(workerUrl);
