import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/**
 * Blueprint draws `icon="name"` from SVG paths it loads on first use; its default loader fetches every icon's paths
 * (~100 kB gzipped per size). This one loads the paths of the icons the app names (iconPaths16.ts, iconPaths20.ts:
 * one small chunk per size, on demand); a name missing there still loads, through Blueprint's own loader.
 */
async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const { iconPaths } = size < IconSize.LARGE ? await import('./iconPaths16') : await import('./iconPaths20');
  const paths = iconPaths[name];
  if (paths) return paths;
  if (import.meta.env.DEV)
    console.warn(`[icons] '${name}' is not in web/src/app/iconPaths${size}.ts: loading every icon instead`);
  await Icons.load(name, size, { loader: 'split-by-size' });
  return Icons.getPaths(name, size) ?? [];
}

export function setIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
