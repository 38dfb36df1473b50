import { Button, ButtonGroup, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { addMonths } from '../../../../domain/shared/plain-date';
import { DATE_MODES } from './dateTool';
import { SelectionPanel } from './SelectionPanel';
import type { DatesToolModel } from './useDatesTool';

const modeIcons = { none: 'hand-up', add: 'add', edit: 'edit', move: 'move', copy: 'duplicate' } as const;

/** The modes of the dates tool (§4.3), the hint of the mode and step, and the selection panel of a choosing step. */
export function ModeCard({ model, today }: { model: DatesToolModel; today: string }) {
  const { t } = useTranslation();
  const { tool, context, limits, dispatch, chooseMode } = model;
  const hintKey = tool.mode === 'move' || tool.mode === 'copy' ? (`${tool.mode}_${tool.step}` as const) : tool.mode;
  return (
    <Card className="cd-modes page-card">
      <div className="cd-mode-row">
        <span className="cd-mode-label" id="cd-mode-label">
          {t('calendarDates.modeLabel')}
        </span>
        <ButtonGroup role="group" aria-labelledby="cd-mode-label" className="cd-mode-buttons">
          {DATE_MODES.map((mode) => (
            <Button
              key={mode}
              icon={modeIcons[mode]}
              active={tool.mode === mode}
              aria-pressed={tool.mode === mode}
              intent={tool.mode === mode ? 'primary' : 'none'}
              onClick={() => chooseMode(mode)}
            >
              {t(`calendarDates.modes.${mode}`)}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <p className="cd-hint" role="status">
        {t(`calendarDates.hints.${hintKey}`)}
      </p>
      {tool.mode !== 'none' && !(tool.mode === 'copy' && tool.step === 'source') && (
        <SelectionPanel
          key={`${tool.mode}-${tool.step}`}
          min={today}
          max={limits.lastDay}
          initialEnd={addMonths(today, 1)}
          onSelect={(chosen) => dispatch({ type: 'addDates', dates: chosen, context })}
        />
      )}
    </Card>
  );
}
