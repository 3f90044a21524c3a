/** The URL of each early screen's chunk (vite.config.ts earlyScript; empty on the dev server). */
declare module 'virtual:early-pages' {
  const urls: Partial<Record<'home' | 'detail' | 'cart' | 'list', string>>;
  export default urls;
}
