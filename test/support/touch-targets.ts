import type { Page } from 'playwright';

/** WCAG 2.5.5's target size, in CSS pixels. */
export const MIN_TARGET = 44;
/** iOS Safari zooms the page into a field whose text is smaller than this. */
export const MIN_FIELD_TEXT = 16;

type Kind = 'field' | 'button or link' | 'checkbox or radio';

interface Measured {
  kind: Kind;
  name: string;
  width: number;
  height: number;
  fontSize: number;
}

/**
 * The visible controls of the page a finger cannot hit well, one line each; empty when none. Text fields and selects
 * need 16 px text and 44 px height; buttons and links 44 × 44 px (links inside a service's own text are running
 * text, which WCAG exempts; a link stretched over a card is measured as the card); a checkbox or radio is hit
 * through its label, which needs 44 px height.
 */
export async function touchTargetProblems(page: Page): Promise<string[]> {
  // (no named functions inside: tsx would wrap them in a helper the page does not have)
  const measured: Measured[] = await page.evaluate(() =>
    [
      ...[
        ...document.querySelectorAll(
          'input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea',
        ),
      ].map((element) => ({ kind: 'field' as const, element, box: element })),
      // a link whose ::after is stretched over a positioned ancestor (a card) is hit anywhere on that ancestor
      ...[...document.querySelectorAll('button, [role=button], a[href]')]
        .filter((element) => !element.closest('.service-landing'))
        .map((element) => ({
          kind: 'button or link' as const,
          element,
          stretched:
            getComputedStyle(element, '::after').position === 'absolute' &&
            getComputedStyle(element, '::after').content !== 'none',
        }))
        .map(({ kind, element, stretched }) => ({
          kind,
          element,
          box: stretched && element instanceof HTMLElement && element.offsetParent ? element.offsetParent : element,
        })),
      ...[...document.querySelectorAll('input[type=checkbox], input[type=radio]')].map((element) => ({
        kind: 'checkbox or radio' as const,
        element,
        box: element.closest('label'),
      })),
    ]
      .filter(
        ({ box }) =>
          box !== null &&
          box.getBoundingClientRect().width > 0 &&
          box.getBoundingClientRect().height > 0 &&
          box.checkVisibility({ visibilityProperty: true }),
      )
      .map(({ kind, element, box }) => ({
        kind,
        name: `${element.localName}${element.id ? `#${element.id}` : ''} "${(box!.textContent ?? '').trim().slice(0, 40) || (element.getAttribute('aria-label') ?? '')}"`,
        width: box!.getBoundingClientRect().width,
        height: box!.getBoundingClientRect().height,
        fontSize: parseFloat(getComputedStyle(element).fontSize),
      })),
  );
  return measured
    .filter(
      ({ kind, width, height, fontSize }) =>
        height < MIN_TARGET ||
        (kind === 'button or link' && width < MIN_TARGET) ||
        (kind === 'field' && fontSize < MIN_FIELD_TEXT),
    )
    .map(
      ({ kind, name, width, height, fontSize }) =>
        `${kind} ${name}: ${Math.round(width)} × ${Math.round(height)} px${kind === 'field' ? `, text ${fontSize} px` : ''}`,
    );
}
