import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { devProxy } from './dev-proxy';

/** Where `npm run dev -w @contrail/server` listens; the dev server forwards API traffic there. */
const API_TARGET = process.env.CONTRAIL_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // 'prompt': a waiting update shows the new-version banner instead of reloading under the user.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['logo.svg'],
      manifest: {
        name: 'Contrail',
        short_name: 'Contrail',
        description: 'Flight tracking, logbook and virtual-airline management for flight-simulator pilots',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        icons: [{ src: 'logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // API, dev pages and realtime traffic always go to the network.
        navigateFallbackDenylist: [/^\/api/, /^\/dev/, /^\/healthz/, /^\/socket\.io/],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: devProxy(API_TARGET),
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
