import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Empty, Modal } from 'antd';
import { useState } from 'react';
import { useUserBase } from '../../../layout/api/user-base';
import { useCopyCartLines } from '../api/cart-copy';

interface Props {
  open: boolean;
  ids: number[];
  onClose: () => void;
}

/** 复制到其他门店: the chosen lines go to other stores of the same company (merging there). */
export function CopyToStoresModal({ open, ids, onClose }: Props) {
  const { message } = useFeedback();
  const { user } = useUserBase(false);
  const stores = (user.stores ?? []).filter((s) => !s.is_current);
  const [chosen, setChosen] = useState<number[]>([]);
  const copy = useCopyCartLines();
  return (
    <Modal
      title="复制到其他门店"
      open={open}
      okText="确定复制"
      cancelText="取消"
      okButtonProps={{ disabled: chosen.length === 0 || ids.length === 0, loading: copy.isPending }}
      onCancel={onClose}
      onOk={() =>
        copy.mutate(
          { ids, storeIds: chosen },
          {
            onSuccess: (result) => {
              message.success(`已将${result.copied}种商品复制到${result.stores}家门店`);
              setChosen([]);
              onClose();
            },
          },
        )
      }
      destroyOnHidden
    >
      <p>已选 {ids.length} 种商品，复制到：</p>
      {stores.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您的公司没有其他门店" />
      ) : (
        <CheckboxList
          data-testid="copy-stores"
          value={chosen}
          onChange={(values) => setChosen(values as number[])}
          options={stores.map((s) => ({ label: s.store_name, value: s.id }))}
        />
      )}
    </Modal>
  );
}
