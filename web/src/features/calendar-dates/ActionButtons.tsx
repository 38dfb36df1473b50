import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DatesToolModel } from './useDatesTool';

/** The buttons of the mode and step: Clear, then Next (Add), Edit and Delete (Edit), the steps and the save of Move and Copy. */
export function ActionButtons({ model }: { model: DatesToolModel }) {
  const { t } = useTranslation();
  const { tool, dispatch, busy } = model;
  const count = tool.picked.length;
  const moveOrCopy = tool.mode === 'move' || tool.mode === 'copy';
  return (
    <div className="cd-action-buttons">
      <Button
        icon="cross"
        variant="outlined"
        disabled={count === 0 && tool.targets.length === 0}
        onClick={() => dispatch({ type: 'restart', mode: tool.mode })}
      >
        {t('calendarDates.clearSelection')}
      </Button>
      {tool.mode === 'add' && (
        <Button intent="primary" icon="arrow-right" disabled={count === 0} onClick={() => model.goToBatch('add')}>
          {t('calendarDates.next')}
        </Button>
      )}
      {tool.mode === 'edit' && (
        <>
          <Button intent="primary" icon="edit" disabled={count === 0} onClick={() => model.goToBatch('edit')}>
            {t('calendarDates.edit')}
          </Button>
          <Button
            intent="danger"
            icon="trash"
            disabled={count === 0}
            loading={model.deleting}
            onClick={() => dispatch({ type: 'confirmDelete', open: true })}
          >
            {t('calendarDates.delete')}
          </Button>
        </>
      )}
      {moveOrCopy && tool.step === 'source' && (
        <Button
          intent="primary"
          icon="arrow-right"
          disabled={count === 0}
          onClick={() => dispatch({ type: 'step', step: 'target' })}
        >
          {t('calendarDates.chooseTargets')}
        </Button>
      )}
      {moveOrCopy && tool.step === 'target' && (
        <Button icon="arrow-left" variant="outlined" onClick={() => dispatch({ type: 'step', step: 'source' })}>
          {t('calendarDates.backToSources')}
        </Button>
      )}
      {tool.mode === 'move' && tool.step === 'target' && (
        <Button
          intent="primary"
          icon="move"
          loading={model.moving}
          disabled={busy || tool.targets.length !== count}
          onClick={model.move}
        >
          {t('calendarDates.moveAction')}
        </Button>
      )}
      {tool.mode === 'copy' && tool.step === 'target' && (
        <Button
          intent="primary"
          icon="duplicate"
          loading={model.copying}
          disabled={busy || tool.targets.length === 0 || count !== 1}
          onClick={model.copy}
        >
          {t('calendarDates.copyAction')}
        </Button>
      )}
    </div>
  );
}
