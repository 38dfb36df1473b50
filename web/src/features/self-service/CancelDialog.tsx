import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * "Cancel your booking?": nothing is cancelled until the visitor confirms. A Dialog rather than an Alert: its portal
 * takes the public pages' touch sizes (`public-shell`, layout.css).
 */
export function CancelDialog({
  code,
  isOpen,
  cancelling,
  onConfirm,
  onClose,
}: {
  code: string;
  isOpen: boolean;
  cancelling: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      title={t('selfService.actions.cancel')}
      icon="cross"
      canEscapeKeyClose={!cancelling}
      canOutsideClickClose={!cancelling}
      isCloseButtonShown={!cancelling}
      onClose={onClose}
      className="booking-dialog"
      portalClassName="public-shell"
    >
      <DialogBody>
        <p>{t('selfService.cancel.question', { code })}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="outlined" autoFocus disabled={cancelling} onClick={onClose}>
              {t('selfService.cancel.keep')}
            </Button>
            <Button intent="danger" loading={cancelling} onClick={onConfirm}>
              {t('selfService.cancel.confirm')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
