/**
 * Where to go after logging in: a path of this app from `?redirect=`, never another site
 * (`//evil`, `https://...`) and never back to the login page.
 */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/login')) return '/';
  return target;
}
