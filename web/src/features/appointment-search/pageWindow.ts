/** A page number, or a gap between them. */
export type PageLink = number | 'gap-before' | 'gap-after';

/** §9 pagination: the first and last pages, and a window of `span` pages either side of the current one, gaps marked. */
export function pageWindow(current: number, pages: number, span = 2): PageLink[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const from = Math.max(2, current - span);
  const to = Math.min(pages - 1, current + span);
  const links: PageLink[] = [1];
  if (from > 2) links.push('gap-before');
  for (let page = from; page <= to; page++) links.push(page);
  if (to < pages - 1) links.push('gap-after');
  links.push(pages);
  return links;
}
