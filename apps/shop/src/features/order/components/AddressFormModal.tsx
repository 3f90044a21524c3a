import type { AddressView } from '@yaocai/domain';
import { contactMessages, isPhoneOrLandline } from '@yaocai/domain';
import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { type AddressForm, useSaveAddress } from '../api/addresses';

interface Props {
  open: boolean;
  /** The address to edit; undefined adds a new one. */
  address?: AddressView;
  onClose(): void;
  onSaved?(id: number): void;
}

/** Add or edit a delivery address; phone may be a mobile or a landline (spec section 5). */
export function AddressFormModal({ open, address, onClose, onSaved }: Props) {
  const { message } = useFeedback();
  const [form] = Form.useForm<AddressForm>();
  const save = useSaveAddress();
  useEffect(() => {
    if (open)
      form.setFieldsValue(
        address ?? {
          consignee: '',
          phone: '',
          province: '',
          city: '',
          district: '',
          detail: '',
          is_default: false,
        },
      );
  }, [open, address, form]);
  const submit = async () => {
    try {
      const values = await form.validateFields();
      const { id } = await save.mutateAsync({ id: address?.id, form: values });
      message.success('地址已保存');
      onSaved?.(id);
      onClose();
    } catch (error) {
      const text = unreportedMessage(error, '保存失败');
      if (text) message.error(text);
    }
  };
  return (
    <Modal
      open={open}
      title={address ? '编辑收货地址' : '新增收货地址'}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="address-form">
        <Form.Item name="consignee" label="收货人" rules={[{ required: true, message: '请填写收货人' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="联系电话"
          rules={[
            { required: true, message: '请填写联系电话' },
            {
              validator: (_, v) =>
                !v || isPhoneOrLandline(v)
                  ? Promise.resolve()
                  : Promise.reject(contactMessages.phoneOrLandline),
            },
          ]}
        >
          <Input placeholder="手机号或固定电话，如 010-12345678" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="province"
            label="省份"
            rules={[{ required: true, message: '请填写省份' }]}
            style={{ flex: 1 }}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="city"
            label="城市"
            rules={[{ required: true, message: '请填写城市' }]}
            style={{ flex: 1 }}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="district"
            label="区县"
            rules={[{ required: true, message: '请填写区县' }]}
            style={{ flex: 1 }}
          >
            <Input />
          </Form.Item>
        </div>
        <Form.Item
          name="detail"
          label="详细地址"
          rules={[{ required: true, min: 2, message: '请填写详细地址' }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox>设为默认地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
