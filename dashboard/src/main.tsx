import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app.js';
import { openReaderEarly } from './features/reader/early-opening.js';
import { getSessionToken } from './lib/session.js';
// Inter, bundled and served by us: the same letters on every machine, no font CDN.
import '@fontsource-variable/inter';
import './styles.css';

openReaderEarly(window.location.pathname, getSessionToken());
const { router, queryClient } = createApp();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
