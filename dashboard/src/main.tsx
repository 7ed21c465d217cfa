import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app.js';
// Inter, bundled and served by us: the same letters on every machine, no font CDN.
import '@fontsource-variable/inter';
import './styles.css';

const { router, queryClient } = createApp();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
