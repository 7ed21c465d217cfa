import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app.js';
import { requestPageDataEarly } from './early-page-data.js';
import { getSessionToken } from './lib/session.js';
// Inter, bundled and served by us: the same letters on every machine, no font CDN.
import '@fontsource-variable/inter';
import './styles.css';

requestPageDataEarly(window.location.pathname, getSessionToken());
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * A task of its own: the steps of starting the app each take tens of milliseconds on a phone, which done as
 * one task (with the modules' own evaluation) would hold the page unresponsive for a few hundred.
 */
const inNextTask = <T,>(step: () => T) => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(step);

// The page's data is on its way (requested above, or by route-preload.js): the first render waits for the
// route's loaders, so the page is built once, with its data, instead of a spinner and then again; and as a
// transition, which React builds in slices of a few milliseconds, so that a phone is never blocked by it.
// Meanwhile index.html's loading mark stays on screen.
void inNextTask(createApp).then(async ({ router, queryClient }) => {
  const loaded = inNextTask(() => router.load());
  const root = await inNextTask(() => createRoot(container));
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  await loaded.then(render, render);
});
