import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app.js';
import { requestPageDataEarly } from './early-page-data.js';
import { getSessionToken } from './lib/session.js';
// Inter, bundled and served by us: the same letters on every machine, no font CDN.
import '@fontsource-variable/inter';
import './styles.css';

requestPageDataEarly(window.location.pathname, getSessionToken());
const { router, queryClient } = createApp();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
