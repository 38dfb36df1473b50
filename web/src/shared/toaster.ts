import { OverlayToaster, type Toaster } from '@blueprintjs/core';

/** The success banners of the admin screens (§8): one toaster at the top, each banner hides after 5 s (§9). */
let toaster: Promise<Toaster> | undefined;

export function showSuccess(message: string): void {
  toaster ??= OverlayToaster.create({ position: 'top', className: 'admin-toaster' });
  void toaster.then((instance) => instance.show({ message, intent: 'success', icon: 'tick-circle', timeout: 5000 }));
}
