import { ApiClient } from '@chapterwise/shared';
import { fetchTakingEarly } from './early-requests.js';
import { getSessionToken } from './session.js';

// Same origin: the backend serves the dashboard, and Vite's dev server proxies /api to it.
export const api = new ApiClient({ baseUrl: '', getToken: getSessionToken, fetch: fetchTakingEarly });
