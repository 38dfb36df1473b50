import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import type { ToolState } from './dateTool';

/** The chosen dates, in a line of tags (Move pairs each source with its target). */
export function ChosenDates({ tool }: { tool: ToolState }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  if (tool.picked.length === 0) return null;
  if (tool.mode === 'move' || tool.mode === 'copy') {
    const pairs =
      tool.mode === 'move'
        ? tool.picked.map((from, index) => ({ from, to: tool.targets[index] }))
        : tool.targets.map((to) => ({ from: tool.picked[0]!, to }));
    const rows = pairs.length > 0 ? pairs : tool.picked.map((from) => ({ from, to: undefined }));
    return (
      <ol className="cd-chosen-pairs" aria-label={t('calendarDates.chosenList')}>
        {rows.map(({ from, to }, index) => (
          <li key={`${from}-${to ?? index}`}>
            <Tag minimal>{shortDate(language, from)}</Tag>
            {tool.step === 'target' && (
              <>
                {' → '}
                {to ? (
                  <Tag minimal intent="primary">
                    {shortDate(language, to)}
                  </Tag>
                ) : (
                  <span className="cd-chosen-pending">{t('calendarDates.targetPending')}</span>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
    );
  }
  return null;
}
