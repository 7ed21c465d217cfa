import { ApiClient, successSchemaOf } from '@chapterwise/shared';
import { fetchTakingEarly } from './early-requests.js';
import { getSessionToken } from './session.js';

// Same origin: the backend serves the dashboard, and Vite's dev server proxies /api to it.
export const api = new ApiClient({
  baseUrl: '',
  getToken: getSessionToken,
  fetch: fetchTakingEarly,
  // The dashboard is served by the server it calls, which checks its own answers against the contract outside
  // production: a built page trusts them rather than build every schema on a phone's main thread first.
  responseSchemaOf: import.meta.env.DEV ? successSchemaOf : undefined,
});
