import { Modal } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/** antd's hook modals, mounted by FeedbackProvider when the first dialog is asked for. */
export default function ModalHost({ onReady }: { onReady: (api: HookAPI) => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
