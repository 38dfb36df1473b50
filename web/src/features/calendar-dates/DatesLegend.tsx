import { useTranslation } from 'react-i18next';
import type { DateMode } from './dateTool';

/** What the colours of the days mean; targets only in Move and Copy. */
export function DatesLegend({ mode }: { mode: DateMode }) {
  const { t } = useTranslation();
  return (
    <ul className="cd-legend" aria-label={t('calendarDates.legend.title')}>
      <li>
        <span className="cd-swatch cd-swatch-enabled" aria-hidden="true" /> {t('calendarDates.legend.enabled')}
      </li>
      <li>
        <span className="cd-swatch cd-swatch-disabled" aria-hidden="true" /> {t('calendarDates.legend.disabled')}
      </li>
      <li>
        <span className="cd-swatch cd-swatch-selected" aria-hidden="true" /> {t('calendarDates.legend.selected')}
      </li>
      {(mode === 'move' || mode === 'copy') && (
        <li>
          <span className="cd-swatch cd-swatch-target" aria-hidden="true" /> {t('calendarDates.legend.target')}
        </li>
      )}
    </ul>
  );
}
