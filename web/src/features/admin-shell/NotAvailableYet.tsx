import { H1, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import type { MenuKey } from './menu';

/** A menu entry whose screen comes with a later issue: its title and a translated "not available yet". */
export function NotAvailableYet({ entry }: { entry: MenuKey }) {
  const { t } = useTranslation();
  return (
    <>
      <H1 className="page-title">{t(`menu.${entry}`)}</H1>
      <NonIdealState
        className="page-state"
        icon="build"
        title={t('admin.notAvailableTitle')}
        description={t('admin.notAvailableText')}
        action={
          <RouterAnchorButton to="/admin" icon="arrow-left" variant="outlined">
            {t('admin.backHome')}
          </RouterAnchorButton>
        }
      />
    </>
  );
}
