import { OverlaysProvider } from '@blueprintjs/core';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './routes';
import { store } from './store';

const router = createRouter();

/**
 * Blueprint's overlay stack (dialogs, toasts, popovers) is the one provider the app needs: it uses no hotkeys, and
 * BlueprintProvider's hotkeys provider would bring its dialog and Blueprint's overlays into the public pages' first
 * download.
 */
export function App() {
  return (
    <Provider store={store}>
      <OverlaysProvider>
        <RouterProvider router={router} />
      </OverlaysProvider>
    </Provider>
  );
}
