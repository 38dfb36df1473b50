import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { isSelectable } from './dateTool';
import { MonthGrid, type DayView } from './MonthGrid';
import type { DatesToolModel } from './useDatesTool';

/** The tool's months, each day as the tool's mode and step show it; a month re-renders only when its days may have. */
export function DatesMonths({ model, months, today }: { model: DatesToolModel; months: string[]; today: string }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const { tool, context, dataStamp, onDay } = model;

  const pickedSet = new Set(tool.picked);
  const view = (date: string): DayView => {
    const existing = context.existing.get(date);
    const kind = existing ? (existing.enabled ? 'enabled' : 'disabled') : 'free';
    const sourceIndex = tool.picked.indexOf(date);
    const targetIndex = tool.targets.indexOf(date);
    const chosen = sourceIndex >= 0 ? 'source' : targetIndex >= 0 ? 'target' : null;
    const showOrder = tool.mode === 'move';
    const order = !showOrder ? null : sourceIndex >= 0 ? sourceIndex + 1 : targetIndex >= 0 ? targetIndex + 1 : null;
    const inCurrentList = tool.step === 'source' ? pickedSet.has(date) : targetIndex >= 0;
    const parts = [formatDate(language, date), t(`calendarDates.day.${kind}`)];
    if (chosen === 'source')
      parts.push(
        tool.mode === 'move' || tool.mode === 'copy' ? t('calendarDates.day.source') : t('calendarDates.day.selected'),
      );
    if (chosen === 'target') parts.push(t('calendarDates.day.target'));
    return {
      kind,
      chosen,
      order,
      clickable: inCurrentList || isSelectable(tool, date, context),
      past: date < today,
      today: date === today,
      label: parts.join(', '),
      toggle: tool.mode !== 'none',
    };
  };
  const versionOf = (month: string) => {
    const prefix = month.slice(0, 8);
    const mark = (list: string[]) =>
      list.map((date, index) => (date.startsWith(prefix) ? `${date}#${index}` : '')).join('');
    return `${tool.mode}|${tool.step}|${dataStamp}|${mark(tool.picked)}|${mark(tool.targets)}`;
  };

  return (
    <div className="cd-months">
      {months.map((month) => (
        <MonthGrid key={month} month={month} language={language} version={versionOf(month)} view={view} onDay={onDay} />
      ))}
    </div>
  );
}
