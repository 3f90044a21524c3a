/**
 * Stands in for `resize-observer-polyfill` in the SPAs' builds (a Vite alias): every browser the
 * build targets (ES2022) has ResizeObserver, which the polyfill itself returns when present, so
 * its 8 KB of fallback never runs. antd's resize observer imports it.
 */
export default globalThis.ResizeObserver;
