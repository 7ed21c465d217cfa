import { PLANS, SESSION_TOKEN_KEY, SESSION_USER_KEY, type Plan, type User } from '@chapterwise/shared';
import { useSyncExternalStore } from 'react';

export interface Session {
  token: string | null;
  user: User | null;
}

const listeners = new Set<() => void>();
let cached: { token: string | null; userRaw: string | null; session: Session } | null = null;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy mode): behave as signed out rather than crash.
    return null;
  }
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof User, unknown>>;
    if (!value || typeof value !== 'object') return null;
    // An unknown or missing plan reads as free, as the spec says.
    const plan: Plan = PLANS.includes(value.plan as Plan) ? (value.plan as Plan) : 'free';
    return {
      id: typeof value.id === 'string' ? value.id : '',
      name: typeof value.name === 'string' ? value.name : '',
      email: typeof value.email === 'string' ? value.email : '',
      plan,
    };
  } catch {
    return null;
  }
}

/** The stored session; the same object is returned while storage is unchanged (for useSyncExternalStore). */
export function getSession(): Session {
  const token = read(SESSION_TOKEN_KEY);
  const userRaw = read(SESSION_USER_KEY);
  if (!cached || cached.token !== token || cached.userRaw !== userRaw) {
    cached = { token, userRaw, session: { token, user: parseUser(userRaw) } };
  }
  return cached.session;
}

export function getSessionToken(): string | null {
  return getSession().token;
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveSession(token: string, user: User): void {
  window.localStorage.setItem(SESSION_TOKEN_KEY, token);
  window.localStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
  notify();
}

export function updateStoredUser(patch: Partial<User>): void {
  const { token, user } = getSession();
  if (!token) return;
  const next = { ...(user ?? { id: '', name: '', email: '', plan: 'free' as const }), ...patch };
  window.localStorage.setItem(SESSION_USER_KEY, JSON.stringify(next));
  notify();
}

export function clearSession(): void {
  window.localStorage.removeItem(SESSION_TOKEN_KEY);
  window.localStorage.removeItem(SESSION_USER_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab applies here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
