import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

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

/** The web app: sources in web/, built into web/dist; in development /api goes to the API on port 3000. */
export default defineConfig({
  root,
  plugins: [react()],
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
