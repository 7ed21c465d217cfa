import { SESSION_TOKEN_KEY, SESSION_USER_KEY } from '@chapterwise/shared';
import { describe, expect, it } from 'vitest';
import { clearSession, getSession, saveSession, updateStoredUser } from './session.js';

describe('session storage', () => {
  it('stores the token and the user under the two shared keys', () => {
    saveSession('tok', { id: 'u1', name: 'Priya', email: 'p@example.com', plan: 'pro' });
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBe('tok');
    expect(getSession().user?.plan).toBe('pro');
    // The same snapshot object while storage is unchanged.
    expect(getSession()).toBe(getSession());
  });

  it('reads an unknown plan as free', () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'tok');
    window.localStorage.setItem(SESSION_USER_KEY, JSON.stringify({ name: 'Old', plan: 'gold' }));
    expect(getSession().user).toMatchObject({ name: 'Old', plan: 'free' });
  });

  it('updates the stored user only while signed in, and clears both keys', () => {
    updateStoredUser({ plan: 'premium' });
    expect(window.localStorage.getItem(SESSION_USER_KEY)).toBeNull();
    saveSession('tok', { id: 'u1', name: 'Priya', email: 'p@example.com', plan: 'free' });
    updateStoredUser({ plan: 'premium' });
    expect(getSession().user?.plan).toBe('premium');
    clearSession();
    expect(getSession()).toEqual({ token: null, user: null });
  });
});
