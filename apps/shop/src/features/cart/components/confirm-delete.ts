import { useFeedback } from '@yaocai/web-client/feedback';

/**
 * Asks before deleting cart lines, in the shared confirm dialog (its code loads on first use; a
 * Popconfirm brought antd's popover and form context, about 25 KB, into the cart's first load).
 */
export function useConfirmDelete() {
  const { modal } = useFeedback();
  return (title: string, onOk: () => void) =>
    modal.confirm({ title, okText: '确定', cancelText: '取消', onOk });
}
