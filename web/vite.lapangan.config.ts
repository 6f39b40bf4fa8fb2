import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiProxy, precompress } from './vite-plugins';

/**
 * ITMS Lapangan, the tire men's phone app: its own entry and bundle (no antd), served at
 * /lapangan/ from web/dist/lapangan, built after the back-office by `npm run build`
 * (scripts/build.mjs). The service worker (lapangan/sw.ts) is scoped to /lapangan/: it precaches
 * this app's shell, never touches /api, and keeps the uploaded images it has shown (/files) for
 * use without a signal.
 */
export default defineConfig({
  root: path.join(import.meta.dirname, 'lapangan'),
  base: '/lapangan/',
  envDir: import.meta.dirname,
  // shown on Profil: which build the phone runs (ITMS_APP_VERSION, else the build's ISO time, shown in WIB)
  define: {
    __APP_VERSION__: JSON.stringify(process.env.ITMS_APP_VERSION || new Date().toISOString()),
  },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/lapangan/',
        name: 'ITMS Lapangan',
        short_name: 'ITMS',
        description: 'Pengecekan dan pergantian ban di lapangan, juga tanpa sinyal',
        lang: 'id',
        start_url: '/lapangan/',
        scope: '/lapangan/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1554c0',
        background_color: '#f3f5f9',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // our own service worker (lapangan/sw.ts): it precaches a version only whole, with every
      // file of the type its name says
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectManifest: {
        // the barcode reader's WebAssembly too (1.1 MB, under Workbox's 2 MB limit): 'Scan' works
        // offline; boot.js is the shell's guard (lapangan/public/boot.js)
        globPatterns: ['**/*.{js,css,html,png,webmanifest,wasm}'],
        // one classic script (the browser registers it as one)
        rollupFormat: 'iife',
      },
    }),
    precompress(),
  ],
  server: { proxy: apiProxy() },
  build: {
    // `npm run build` (scripts/build.mjs) builds into a staging folder and moves the files in
    outDir: path.join(import.meta.dirname, 'dist', 'lapangan'),
    emptyOutDir: true,
    target: 'es2022',
  },
});
