import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Shown in place of a page that failed to render (the router's errorElement). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <NonIdealState
      className="page-state"
      icon="error"
      title={t('routeError.title')}
      description={t('errors.generic')}
      action={
        <Button intent="primary" icon="refresh" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
