import type { IconName, IconPaths } from '@blueprintjs/icons';

/** `{ '…/paths/arrow-left.js': paths }` (an eager import.meta.glob) as `{ 'arrow-left': paths }`. */
export function byIconName(files: Record<string, IconPaths>): Partial<Record<IconName, IconPaths>> {
  return Object.fromEntries(
    Object.entries(files).map(([file, paths]) => [file.slice(file.lastIndexOf('/') + 1, -'.js'.length), paths]),
  );
}
