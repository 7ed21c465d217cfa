import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages build their lower sections in a deferred render: on a loaded 2-core machine that takes over the default 1 s.
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks these browser APIs; the router's scroll restoration and Radix call them. (A build plugin's test
// runs in Node: there is no window there.)
if (typeof window !== 'undefined') {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= vi.fn();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
