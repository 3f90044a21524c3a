// antd-mobile's Dialog (and the animation library under it) loads with the first question,
// not with the screen that may ask it.
const load = () => import('antd-mobile/es/components/dialog').then((m) => m.default);

/** Asks the buyer to confirm; true when they did. */
export const confirm = async (content: string): Promise<boolean> =>
  (await load()).confirm({ content, confirmText: '确定', cancelText: '取消' });

export const alert = async (content: string, title?: string, confirmText = '知道了'): Promise<void> =>
  (await load()).alert({ title, content, confirmText });
