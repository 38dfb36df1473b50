import { RadioCard } from '@blueprintjs/core';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Choice {
  key: string;
  label: ReactNode;
  disabled?: boolean;
  /** Shown under the label (why a choice is disabled, for example). */
  note?: ReactNode;
}

interface ChoiceCardsProps {
  /** The question the choices answer, for screen readers (the step's header). */
  legend: string;
  choices: Choice[];
  value: string | null;
  onChoose: (key: string) => void;
  /** Called after a choice made by click, tap or Space, to bring Next into view. */
  onChosen?: () => void;
  className?: string;
}

const arrowKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * A group of radio cards (one native radio group: Tab enters it, arrow keys move the choice). Browsing with the
 * arrow keys does not scroll the page away from the focused choice; a click, tap or Space does bring Next into view.
 */
export function ChoiceCards({ legend, choices, value, onChoose, onChosen, className }: ChoiceCardsProps) {
  const name = useId();
  const byArrow = useRef(false);
  const onKeyDown = (event: KeyboardEvent) => {
    byArrow.current = arrowKeys.has(event.key);
  };
  return (
    <fieldset
      className={`booking-choices ${className ?? ''}`}
      onKeyDown={onKeyDown}
      onPointerDown={() => (byArrow.current = false)}
    >
      <legend className="booking-visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <RadioCard
          key={choice.key}
          className="booking-choice"
          compact
          alignIndicator="start"
          checked={value === choice.key}
          disabled={choice.disabled}
          value={choice.key}
          inputProps={{ name }}
          onChange={() => {
            onChoose(choice.key);
            if (!byArrow.current) onChosen?.();
          }}
        >
          <span className="booking-choice-label">{choice.label}</span>
          {choice.note && <span className="booking-choice-note">{choice.note}</span>}
        </RadioCard>
      ))}
    </fieldset>
  );
}
