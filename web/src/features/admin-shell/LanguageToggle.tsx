import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { otherLanguage } from '../../i18n/languages';
import { storeAdminLanguage, useAdminLanguage } from '../../shared/adminLanguage';

/** "Français" on English admin pages, "English" on French ones: switches in place and remembers the choice. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const target = otherLanguage(useAdminLanguage());
  return (
    <Button
      className={className}
      variant="minimal"
      icon="translate"
      lang={target}
      onClick={() => {
        storeAdminLanguage(target);
        void i18n.changeLanguage(target);
      }}
    >
      {t('language.otherName')}
    </Button>
  );
}
