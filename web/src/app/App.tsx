import { BlueprintProvider } from '@blueprintjs/core';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './routes';
import { store } from './store';

const router = createRouter();

export function App() {
  return (
    <Provider store={store}>
      <BlueprintProvider>
        <RouterProvider router={router} />
      </BlueprintProvider>
    </Provider>
  );
}
