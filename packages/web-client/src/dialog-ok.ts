import type { ModalFuncProps } from 'antd';
import { unreportedMessage } from './http-client';

/**
 * A dialog whose OK awaits a call (`onOk: () => cancel.mutateAsync(id)`): when the call is refused
 * the dialog stays open, the http client has told the user why, and `show` adds only what it did
 * not report. The returned OK still rejects, so antd keeps the dialog open; the dialog must be
 * opened in antd's await mode (its `then` taken, see feedback.tsx), where antd swallows that
 * rejection instead of rethrowing it into nothing (an uncaught error in the page).
 */
export function guardDialogOk(config: ModalFuncProps, show: (text: string) => void): ModalFuncProps {
  const { onOk } = config;
  if (!onOk) return config;
  return {
    ...config,
    onOk: (...args: Parameters<NonNullable<ModalFuncProps['onOk']>>) => {
      const result: unknown = onOk(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        const text = unreportedMessage(error, '操作失败');
        if (text) show(text);
        throw error;
      });
    },
  };
}
