import { type User } from '@chapterwise/shared';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { App, createApp } from '../app.js';
import { saveSession } from '../lib/session.js';
import { testUser } from './fixtures.js';

/** Renders the whole app (router, guards, loaders, query policy) at a path, optionally signed in. */
export function renderApp(
  path: string,
  { signedIn = false, user = testUser }: { signedIn?: boolean; user?: User } = {},
) {
  if (signedIn) saveSession('test-token', user);
  const { router, queryClient } = createApp({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} />);
  return {
    router,
    queryClient,
    user: userEvent.setup(),
    expectPath: (pathname: string, timeout = 3000) =>
      waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout }),
  };
}

export function findToast(text: string | RegExp) {
  return screen.findByText(text, { selector: '[data-sonner-toast] *' }, { timeout: 3000 });
}
