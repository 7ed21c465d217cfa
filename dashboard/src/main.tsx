import { startTransition, StrictMode } from 'react';
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

const root = createRoot(container);
// The page's data is on its way (requested above, or by route-preload.js): the first render waits for the
// route's loaders, so the page is built once, with its data, instead of a spinner and then again; and as a
// transition, which React builds in slices of a few milliseconds, so that a phone is never blocked by it.
// Meanwhile index.html's loading mark stays on screen.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
router.load().then(render, render);
