import { useTranslation } from 'react-i18next';

/** The health unit's mark: a shield with a cross over a green arc (care), in the unit's teal and green. */
export function Logo({ size = 40 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <svg className="app-logo" width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={t('app.logoLabel')}>
      <path d="M24 2.5 41.5 8.6v13.2c0 11-7.3 19.8-17.5 23.7C13.8 41.6 6.5 32.8 6.5 21.8V8.6Z" fill="#0d6e7f" />
      <path d="M24 2.5 41.5 8.6v13.2c0 11-7.3 19.8-17.5 23.7Z" fill="#0a5968" />
      <path d="M20.5 11h7v7.5H35v7h-7.5V33h-7v-7.5H13v-7h7.5Z" fill="#ffffff" />
      <path
        d="M12.5 35.8c7.8 2.6 16.2 1.2 23.5-5.6"
        fill="none"
        stroke="#8fd694"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
