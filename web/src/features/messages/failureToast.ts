import { OverlayToaster, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

/** A refused Retry, as a banner like the success ones (shared/toaster), in red; it stays until dismissed. */
export function showFailure(message: string): void {
  toaster ??= OverlayToaster.create({ position: 'top', className: 'admin-toaster' });
  void toaster.then((instance) => instance.show({ message, intent: 'danger', icon: 'error', timeout: 0 }));
}
