/** The product version shown in the footer: package.json's version, injected at build time. */
export const appVersion: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'development';
