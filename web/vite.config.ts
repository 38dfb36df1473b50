import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const iconGlyph = /^\.bp6-icon-[\w-]+::?before$/;

/**
 * Leaves out the parts of Blueprint's CSS the app never uses, about a third of it (14 kB of the public pages'
 * stylesheet, gzipped): the dark theme (every selector under `.bp6-dark`; the app never sets that class) and the
 * icon font's glyph rules (`.bp6-icon-add::before { content: "\f109" }`): icons render as SVG (web/src/app/icons.ts),
 * so the font is not loaded either.
 */
const dropUnusedBlueprintCss: PostcssPlugin = {
  postcssPlugin: 'drop-unused-blueprint-css',
  Rule(rule) {
    if (rule.selector.startsWith('.bp6-icon-') && rule.selectors.every((selector) => iconGlyph.test(selector))) {
      rule.remove();
      return;
    }
    if (!rule.selector.includes('.bp6-dark')) return;
    const kept = rule.selectors.filter((selector) => !/\.bp6-dark(?![\w-])/.test(selector));
    if (kept.length > 0) {
      rule.selectors = kept;
      return;
    }
    const parent = rule.parent;
    rule.remove();
    if (parent?.type === 'atrule' && parent.nodes?.length === 0) parent.remove();
  },
};

const iconNamesModule = '\0slim-blueprint-icon-names';

/**
 * Blueprint's icon loader checks a name against the list of every icon's name before loading its paths; that list
 * (`@blueprintjs/icons` iconNames.js with its codepoint table and change-case) is ~12 kB gzipped of every page's
 * first download. In the build, the loader gets a check of the name's form instead: the app loads the paths of
 * its own icons (web/src/app/icons.ts), and a name without paths still fails the same way (the load reports it).
 * Only the loader's import is replaced; the package's own exports of IconNames are untouched.
 */
const slimIconNameCheck: Plugin = {
  name: 'slim-blueprint-icon-name-check',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === './iconNames' &&
      importer &&
      /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconLoader\.js$/.test(importer)
    )
      return iconNamesModule;
    return null;
  },
  load(id) {
    if (id !== iconNamesModule) return null;
    return 'export const IconNames = {};\nexport const IconNamesSet = { has: (name) => typeof name === "string" && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) };\n';
  },
};

const ownCopy = '?recharts-own-copy';

/**
 * recharts 3 keeps each chart's state in a Redux Toolkit store, and RTK Query comes from Redux Toolkit too. The
 * toolkit is one module, so what only recharts uses of it (its listener middleware, ~1.7 kB gzipped) would land in the
 * chunk the public pages share with it. In the build recharts gets a copy of that module of its own, which stays in
 * the chunk of the one screen that draws charts (Statistics).
 */
const rechartsOwnReduxToolkit: Plugin = {
  name: 'recharts-own-redux-toolkit',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (source !== '@reduxjs/toolkit' || !importer || !/[\\/]node_modules[\\/]recharts[\\/]/.test(importer))
      return null;
    const resolved = await this.resolve(source, importer, { skipSelf: true });
    return resolved ? `${resolved.id}${ownCopy}` : null;
  },
  load(id) {
    return id.endsWith(ownCopy) ? readFileSync(id.slice(0, -ownCopy.length), 'utf8') : null;
  },
};

/** The web app: sources in web/, built into web/dist; in development /api goes to the API on port 3000. */
export default defineConfig({
  root,
  plugins: [react(), slimIconNameCheck, rechartsOwnReduxToolkit],
  css: {
    postcss: { plugins: [dropUnusedBlueprintCss] },
  },
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Blueprint and React make one vendor chunk of ~600 kB (~170 kB gzipped); that is expected here.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
