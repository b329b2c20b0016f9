/// <reference types="vite/client" />

/** The app version from apps/mobile/package.json, set by vite.config.ts. */
declare const __APP_VERSION__: string;
