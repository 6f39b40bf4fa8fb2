/** The field app's build, shown on Profil (web/vite.lapangan.config.ts sets it). */
declare const __APP_VERSION__: string;
