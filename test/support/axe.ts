import axe from 'axe-core';
import type { Page } from 'playwright';

/** The WCAG 2.1 A and AA rules of axe-core. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Options {
  /**
   * Rules whose "needs review" findings count as failures too. axe only asks for a review where it cannot be sure,
   * e.g. `aria-prohibited-attr` on an element that has text of its own: a label most screen readers never read.
   */
  reviewAsFailure?: string[];
}

type Finding = Pick<axe.Result, 'id' | 'impact' | 'help'> & {
  nodes: Pick<axe.NodeResult, 'target' | 'html' | 'failureSummary'>[];
};

/**
 * What axe-core finds wrong with the page as it is now (WCAG 2.1 A/AA), one line per rule and element, ready to
 * print; empty when nothing. axe is put into the page through the DevTools protocol, which the app's CSP allows.
 */
export async function accessibilityProblems(page: Page, { reviewAsFailure = [] }: Options = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // (no named functions inside: tsx would wrap them in a helper the page does not have)
  const results = await page.evaluate(async (tags) => {
    const { violations, incomplete } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations', 'incomplete'],
    });
    return [
      ...violations.map((result) => ({ result, review: false })),
      ...incomplete.map((result) => ({ result, review: true })),
    ].map(({ result, review }) => ({
      review,
      id: result.id,
      impact: result.impact,
      help: result.help,
      nodes: result.nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  }, WCAG_21_AA);
  const failing: Finding[] = results.filter((finding) => !finding.review || reviewAsFailure.includes(finding.id));
  return failing.flatMap((finding) =>
    finding.nodes.map(
      (node) =>
        `${finding.id} (${finding.impact ?? 'needs review'}): ${finding.help}\n      at ${node.target.join(' ')}: ${node.html}\n      ${(node.failureSummary ?? '').replace(/\n/g, ' ')}`,
    ),
  );
}
