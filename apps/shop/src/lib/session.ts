/**
 * The session login flag (spec section 2): login sets it; after the next navigation the shell
 * clears it and reloads the page once, so every part of the page starts from the new session.
 */
export const LOGIN_FLAG_KEY = 'yaocai.loginFlag';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function setLoginFlag(storage: FlagStorage = sessionStorage): void {
  storage.setItem(LOGIN_FLAG_KEY, '1');
}

export function clearLoginFlag(storage: FlagStorage = sessionStorage): void {
  storage.removeItem(LOGIN_FLAG_KEY);
}

/**
 * Called on every navigation after the first render: true when the page must reload now
 * (the flag is cleared first, so it reloads exactly once).
 */
export function consumeLoginFlag(storage: FlagStorage = sessionStorage): boolean {
  if (storage.getItem(LOGIN_FLAG_KEY) === null) return false;
  storage.removeItem(LOGIN_FLAG_KEY);
  return true;
}
