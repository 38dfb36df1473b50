import { OverlayToaster, type Toaster } from '@blueprintjs/core';

/** The success banners of the admin screens (§8): one toaster at the top, each banner hides after 5 s (§9). */
let toaster: Promise<Toaster> | undefined;

/** `timeout`: how long the banner shows, in ms (§9: 3 s on request forms). */
export function showSuccess(message: string, timeout = 5000): void {
  toaster ??= OverlayToaster.create({ position: 'top', className: 'admin-toaster' });
  void toaster.then((instance) => instance.show({ message, intent: 'success', icon: 'tick-circle', timeout }));
}
