import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useNavigate } from 'react-router';
import { Screen } from '../../components/Screen';
import { confirm } from '../../lib/dialog';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useAddressAction, useAddressList } from './api/member';

/** 收货地址: the store's addresses; add, edit, set the default or delete one. */
export default function AddressesPage() {
  const navigate = useNavigate();
  const addresses = useAddressList();
  const action = useAddressAction();
  const run = async (id: number, name: 'default' | 'delete') => {
    if (name === 'delete' && !(await confirm('确定删除该地址吗？'))) return;
    try {
      await action.mutateAsync({ id, action: name });
      toast(name === 'delete' ? '已删除' : '已设为默认地址');
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) toast(text);
    }
  };
  return (
    <Screen
      title="收货地址"
      footer={
        <Button block color="primary" onClick={() => navigate('/addresses/new')}>
          新增收货地址
        </Button>
      }
    >
      <List>
        {addresses.data?.map((a) => (
          <List.Item key={a.id} description={a.full} data-testid="address">
            {a.consignee} {a.phone} {a.is_default ? <span className="m-tag">默认</span> : null}
            <div className="m-order-actions">
              <Button size="small" onClick={() => navigate(`/addresses/${a.id}/edit`)}>
                编辑
              </Button>
              {a.is_default ? null : (
                <Button size="small" onClick={() => run(a.id, 'default')}>
                  设为默认
                </Button>
              )}
              <Button size="small" onClick={() => run(a.id, 'delete')}>
                删除
              </Button>
            </div>
          </List.Item>
        ))}
      </List>
      {addresses.data?.length === 0 ? <p className="m-pad">暂无收货地址</p> : null}
    </Screen>
  );
}
