import { Button, H2 } from '@blueprintjs/core';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface StepFrameProps {
  title: ReactNode;
  /** Move the focus to this step's heading when it appears (every step but the first one of the visit). */
  focus: boolean;
  children: ReactNode;
  onBack?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  nextDisabled?: boolean;
  nextLoading?: boolean;
  nextLabel?: string;
  nextRef?: RefObject<HTMLButtonElement | null>;
  /** Buttons of the step's own, beside Back and Next. */
  extraActions?: ReactNode;
  /**
   * Back and Next stay at the bottom of the screen while a long list of choices scrolls under them (15 dates, 21
   * times on a phone), so Next is always within reach.
   */
  stickyActions?: boolean;
}

/**
 * One step of the wizard: its heading (which takes the keyboard focus when the step appears), its content, and
 * Back and Next (§2.1). Next stays disabled until the step has what it needs.
 */
export function StepFrame({
  title,
  focus,
  children,
  onBack,
  onNext,
  nextDisabled,
  nextLoading,
  nextLabel,
  nextRef,
  extraActions,
  stickyActions,
}: StepFrameProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus || !heading.current) return;
    heading.current.scrollIntoView({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [focus]);

  return (
    <section className="booking-step">
      <H2 className="booking-step-title" ref={heading} tabIndex={-1}>
        {title}
      </H2>
      {children}
      {(onBack || onNext || extraActions) && (
        <div
          className={`page-actions booking-actions booking-no-print${stickyActions ? ' booking-actions-sticky' : ''}`}
        >
          {onBack && (
            <Button variant="outlined" icon="arrow-left" onClick={onBack}>
              {t('booking.back')}
            </Button>
          )}
          {extraActions}
          {onNext && (
            <Button
              ref={nextRef}
              intent="primary"
              endIcon="arrow-right"
              onClick={onNext}
              disabled={nextDisabled}
              loading={nextLoading}
            >
              {nextLabel ?? t('booking.next')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Brings Next into view after a choice (§2.1 "choosing scrolls down"), without taking the focus from the choice. With
 * sticky actions Next is in view already, and this does nothing.
 */
export function revealNext(next: RefObject<HTMLButtonElement | null>) {
  // after the render that enables it
  requestAnimationFrame(() => {
    const box = next.current?.getBoundingClientRect();
    if (!box || (box.top >= 0 && box.bottom <= window.innerHeight)) return;
    next.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  });
}
