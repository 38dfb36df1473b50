import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ActionButtons } from './ActionButtons';
import { ChosenDates } from './ChosenDates';
import { shortDate } from '../../shared/dateText';
import type { ToolState } from './dateTool';
import { NotifyClientsCheckbox } from './NotifyClientsCheckbox';
import { BatchFailure } from './parts';
import { SeriesFields } from './SeriesFields';
import type { DatesToolModel } from './useDatesTool';

/** What the mode and step have chosen so far, as the count line says it. */
function statusText(t: TFunction, language: Language, tool: ToolState): string {
  const count = tool.picked.length;
  if (tool.mode === 'add' || tool.mode === 'edit') return t('calendarDates.selectedCount', { count });
  if (tool.mode === 'move')
    return tool.step === 'source'
      ? t('calendarDates.moveSources', { count })
      : t('calendarDates.moveTargets', { chosen: tool.targets.length, count });
  if (tool.mode === 'copy') {
    if (tool.step !== 'source') return t('calendarDates.copyTargets', { count: tool.targets.length });
    return count === 1
      ? t('calendarDates.copySource', { date: shortDate(language, tool.picked[0]!) })
      : t('calendarDates.copyNoSource');
  }
  return '';
}

/**
 * The actions of a choosing mode: a refusal, the count, the buttons, the dates chosen, Move's notice to the clients
 * and a copied series' settings.
 */
export function DateActions({ model, today }: { model: DatesToolModel; today: string }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const { tool } = model;
  return (
    <div className="cd-actions" role="region" aria-label={t('calendarDates.actionsLabel')}>
      <BatchFailure failure={model.failure} />
      <div className="cd-actions-row">
        <strong className="cd-count" aria-live="polite">
          {statusText(t, language, tool)}
        </strong>
        <ActionButtons model={model} />
      </div>
      <ChosenDates tool={tool} />
      <NotifyClientsCheckbox model={model} />
      {model.copyMakesSeries && (
        <div className="cd-copy-series">
          <p className="cd-field-hint">{t('calendarDates.copySeriesHint')}</p>
          <SeriesFields
            settings={model.seriesSettings}
            firstDate={model.copyTargets[0]}
            today={today}
            attempted={model.copyAttempted}
          />
        </div>
      )}
    </div>
  );
}
