/** How long a toast stays on screen. */
export const TOAST_MS = 2000;

let current: HTMLElement | null = null;

/**
 * A short message in the middle of the screen, read out by screen readers. Plain DOM: it is
 * on screens that must load fast (detail, cart), and antd-mobile's Toast brings an animation
 * library with it.
 */
export function toast(text: string): void {
  current?.remove();
  const el = document.createElement('div');
  el.className = 'm-toast';
  el.setAttribute('role', 'status');
  el.textContent = text;
  document.body.append(el);
  current = el;
  setTimeout(() => {
    el.remove();
    if (current === el) current = null;
  }, TOAST_MS);
}
