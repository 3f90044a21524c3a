/**
 * The `?redirect=` a page returns to once done (login, the contract): only a path of this site is
 * followed (no open redirect), anything else is `fallback`.
 */
export const sameSitePath = (value: string | null, fallback: string) =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : fallback;

/** The contract page (/dzht) that returns to `back` once signed. */
export const contractPath = (back: string) => `/dzht?redirect=${encodeURIComponent(back)}`;
