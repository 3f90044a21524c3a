import { useFeedback } from '@yaocai/web-client/feedback';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { unreportedMessage } from '../../lib/form-errors';

/**
 * Runs a row's action (issue, retry, delete): a failure the client has not shown already is
 * shown as `failed: reason`; a success says what the action returns, if anything.
 */
export function useRowAction() {
  const { message } = useFeedback();
  return async <T,>(action: () => Promise<T>, failed: string, done?: string | ((result: T) => void)) => {
    try {
      const result = await action();
      if (typeof done === 'string') message.success(done);
      else done?.(result);
    } catch (error) {
      const text = unreportedMessage(error, failed);
      if (text) message.error(text);
    }
  };
}

/** A status as a tag in its colour (antd's grey when the status has none). */
export function StatusTag<S extends string>({
  status,
  colors,
  children,
}: {
  status: S;
  colors: Partial<Record<S, string>>;
  children: ReactNode;
}) {
  return <Tag color={colors[status]}>{children}</Tag>;
}
