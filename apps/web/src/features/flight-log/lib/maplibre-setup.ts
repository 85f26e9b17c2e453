import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

/** MapLibre 6 needs its bundled worker's URL before the first map (same as the live map's setup). */
setWorkerUrl(workerUrl);
