/**
 * The ESLint rule that keeps imports pointing one way (DESIGN §2): web -> api -> commands | projections -> domain,
 * commands and projections never import each other, and entry points (api/main.ts, *-cli.ts) may wire anything.
 * In the web: shared/ imports neither app/ nor features/; features never import app/, reach another feature only
 * through its index, and never in a circle. Relative imports only: packages are not layers.
 */
import fs from 'node:fs';
import path from 'node:path';

const LAYER_RANK = { domain: 0, commands: 1, projections: 1, migrations: 1, api: 2, web: 3 };
const ENTRY_POINT = /(^api\/main\.ts$)|(-cli\.ts$)/;
const WEB = 'web/src/';

const relative = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** Where a file sits: its top folder, and in the web its part (app, shared, i18n, feature:<name>, or entry). */
function placeOf(rel) {
  const top = rel.split('/')[0];
  if (!rel.startsWith(WEB)) return { top };
  const [part, name] = rel.slice(WEB.length).split('/');
  if (part === 'features') return { top, part: `feature:${name}`, feature: name };
  if (part === 'app' || part === 'shared' || part === 'i18n') return { top, part };
  return { top, part: 'entry' };
}

/** Why an import from `from` to `to` (paths relative to the root) points the wrong way, or null. */
export function wrongWay(from, to) {
  if (ENTRY_POINT.test(from)) return null;
  const source = placeOf(from);
  const target = placeOf(to);
  if (!(source.top in LAYER_RANK)) return null; // test/, migrations/, configuration
  if (!(target.top in LAYER_RANK)) return `${source.top}/ may not import ${target.top}/`;
  if (source.top !== target.top) {
    if (LAYER_RANK[target.top] >= LAYER_RANK[source.top])
      return `${source.top}/ may not import ${target.top}/ (imports point web -> api -> commands | projections -> domain)`;
    if (source.top === 'web' && (target.top === 'commands' || target.top === 'projections'))
      return `the web may not import ${target.top}/`;
    return null;
  }
  if (source.top !== 'web' || source.part === 'entry' || source.part === 'app') return null;
  if (target.part === 'app')
    return `web/src/${source.part.replace('feature:', 'features/')} may not import the shell (web/src/app)`;
  if (target.feature && source.feature !== target.feature) {
    if (source.part === 'shared' || source.part === 'i18n') return `web/src/${source.part} may not import features`;
    const inside = to.slice(`${WEB}features/${target.feature}/`.length);
    if (to !== `${WEB}features/${target.feature}` && !/^index\.tsx?$/.test(inside))
      return `another feature is reached through its index (../${target.feature}), not ../${target.feature}/${inside}`;
  }
  return null;
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE = /\.(ts|tsx)$/;

const featureGraphs = new Map();

/** Which features each feature imports, read once a lint run from the files on disk. */
function featureGraph(root) {
  const cached = featureGraphs.get(root);
  if (cached) return cached;
  const graph = new Map();
  const featuresDir = path.join(root, WEB, 'features');
  const walk = (dir) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name)) {
        const from = placeOf(relative(root, full)).feature;
        for (const [, spec] of fs.readFileSync(full, 'utf8').matchAll(IMPORT)) {
          const to = placeOf(relative(root, path.resolve(path.dirname(full), spec))).feature;
          if (from && to && to !== from) graph.set(from, new Set([...(graph.get(from) ?? []), to]));
        }
      }
    }
  };
  walk(featuresDir);
  featureGraphs.set(root, graph);
  return graph;
}

/** True when `to` leads back to `from` through the feature graph. */
export function closesCircle(graph, from, to) {
  const seen = new Set();
  const stack = [to];
  while (stack.length > 0) {
    const feature = stack.pop();
    if (feature === from) return true;
    if (seen.has(feature)) continue;
    seen.add(feature);
    stack.push(...(graph.get(feature) ?? []));
  }
  return false;
}

export const importDirection = {
  meta: { type: 'problem', docs: { description: 'Imports point one way (DESIGN §2)' }, schema: [] },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename);
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      const to = relative(root, target);
      const problem = wrongWay(file, to);
      if (problem) return context.report({ node, message: problem });
      const from = placeOf(file).feature;
      const toFeature = placeOf(to).feature;
      if (from && toFeature && from !== toFeature && closesCircle(featureGraph(root), from, toFeature)) {
        context.report({
          node,
          message: `features/${from} and features/${toFeature} import each other (a circle through features)`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const layersPlugin = { rules: { 'import-direction': importDirection } };
