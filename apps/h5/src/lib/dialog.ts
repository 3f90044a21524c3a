// antd-mobile's Dialog (and the animation library under it) loads with the first question,
// not with the screen that may ask it.
const load = async () => {
  const [dialog, compat, { createRoot }] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('antd-mobile/es/utils/unstable-render'),
    import('react-dom/client'),
  ]);
  // antd-mobile 5 mounts its imperative dialogs with ReactDOM.render, which React 19 removed:
  // its documented React 19 bridge gives it createRoot instead.
  compat.unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
    };
  });
  return dialog.default;
};

/** Asks the buyer to confirm; true when they did. */
export const confirm = async (content: string): Promise<boolean> =>
  (await load()).confirm({ content, confirmText: '确定', cancelText: '取消' });

export const alert = async (content: string, title?: string, confirmText = '知道了'): Promise<void> =>
  (await load()).alert({ title, content, confirmText });
