import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useUserBase } from '../../lib/user';
import { useCopyLines } from './api/cart';

interface Props {
  ids: number[];
  onClose(): void;
}

/** 复制到其他门店 (as the PC cart): the chosen lines go to the company's other stores. */
export function CopyToStores({ ids, onClose }: Props) {
  const user = useUserBase();
  const stores = (user.data?.stores ?? []).filter((s) => !s.is_current);
  const [chosen, setChosen] = useState<number[]>([]);
  const copy = useCopyLines();
  const submit = async () => {
    try {
      const result = await copy.mutateAsync({ ids, storeIds: chosen });
      toast(`已将${result.copied}种商品复制到${result.stores}家门店`);
      onClose();
    } catch (error) {
      const text = unreportedMessage(error, '复制失败');
      if (text) toast(text);
    }
  };
  return (
    <div className="m-sheet" role="dialog" aria-modal="true" aria-labelledby="copy-title">
      <button type="button" className="m-sheet__mask" aria-label="关闭" onClick={onClose} />
      <section className="m-sheet__panel">
        <h2 id="copy-title" className="m-sheet__title">
          复制到其他门店
        </h2>
        {stores.length === 0 ? (
          <p className="m-pad">已选 {ids.length} 种商品；您的公司没有其他门店</p>
        ) : (
          // Native check boxes: antd-mobile's hides its input from assistive technology.
          <fieldset className="m-sheet__options" data-testid="copy-stores">
            <legend className="m-goods__meta">已选 {ids.length} 种商品，复制到：</legend>
            {stores.map((s) => (
              <label key={s.id}>
                <input
                  type="checkbox"
                  checked={chosen.includes(s.id)}
                  onChange={(e) =>
                    setChosen(e.target.checked ? [...chosen, s.id] : chosen.filter((id) => id !== s.id))
                  }
                />
                {s.store_name}
              </label>
            ))}
          </fieldset>
        )}
        <div className="m-sheet__actions">
          <Button block onClick={onClose}>
            取消
          </Button>
          <Button
            block
            color="primary"
            disabled={chosen.length === 0 || ids.length === 0}
            loading={copy.isPending}
            onClick={submit}
          >
            确定复制
          </Button>
        </div>
      </section>
    </div>
  );
}
