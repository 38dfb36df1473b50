/// <reference types="vite/client" />

/** The package version, injected by web/vite.config.ts from package.json. */
declare const __APP_VERSION__: string;
