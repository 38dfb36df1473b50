import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { pageWindow } from './pageWindow';

/** §9 pagination: Previous, the first page, two pages either side of this one, the last page, Next. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('appointmentSearch.pagination.label')}>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('appointmentSearch.pagination.previous')}
        />
        {pageWindow(page, pages).map((link) =>
          typeof link === 'number' ? (
            <Button
              key={link}
              text={String(link)}
              active={link === page}
              aria-current={link === page ? 'page' : undefined}
              aria-label={t('appointmentSearch.pagination.page', { page: link })}
              onClick={() => onPage(link)}
            />
          ) : (
            <Button key={link} text="…" disabled aria-hidden />
          ),
        )}
        <Button
          icon="chevron-right"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('appointmentSearch.pagination.next')}
        />
      </ButtonGroup>
    </nav>
  );
}
