import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * §4.1, §8: the lock ran out; Restart releases it and goes back to the service's first step. Its portal takes the
 * public pages' touch sizes (`public-shell`, layout.css): it opens outside their shell.
 */
export function SessionExpiredDialog({
  isOpen,
  restarting,
  onRestart,
}: {
  isOpen: boolean;
  restarting: boolean;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      title={t('booking.expired.title')}
      icon="time"
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      className="booking-dialog"
      portalClassName="public-shell"
    >
      <DialogBody>
        <p>{t('booking.expired.text')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" autoFocus loading={restarting} onClick={onRestart}>
            {t('booking.expired.restart')}
          </Button>
        }
      />
    </Dialog>
  );
}
