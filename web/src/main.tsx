import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setIconLoader } from './app/icons';
import { initI18n } from './i18n';
import { languageOfPath } from './i18n/paths';

initI18n(languageOfPath(window.location.pathname));
setIconLoader();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
