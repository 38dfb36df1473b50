import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner">
      <Spinner aria-label={t('app.loading')} />
    </div>
  );
}
