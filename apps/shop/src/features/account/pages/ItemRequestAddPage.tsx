import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { type Photo, PhotoUpload } from '../../../components/PhotoUpload';
import { applyApiError } from '../../../lib/form-errors';
import { useSendItemRequest } from '../api/item-requests';

interface Values {
  name: string;
  spec: string;
  manufacturer?: string;
  approval_no?: string;
  quantity: number;
  expected_price?: number | null;
  remark?: string;
}

/** /pzqg/add 新增求购: name, specification, maker, quantity, expected price, pictures. */
export default function ItemRequestAddPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  // A search that found nothing links here with its keyword (/pzqg/add?name=).
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(0);
  const send = useSendItemRequest();

  const submit = async (v: Values) => {
    try {
      const saved = await send.mutateAsync({
        name: v.name,
        spec: v.spec,
        manufacturer: v.manufacturer ?? '',
        approval_no: v.approval_no ?? '',
        quantity: v.quantity,
        expected_price: v.expected_price ?? 0,
        remark: v.remark ?? '',
        photo_ids: photos.map((p) => p.id),
      });
      message.success('提交成功，我们会尽快为您寻找货源');
      navigate(`/pzqg/info?id=${saved.id}`);
    } catch (error) {
      // The HTTP client has shown the refusal; each field message goes under its field.
      applyApiError(form, error);
    }
  };

  return (
    <Card className="sh-container sh-page" title="新增求购" data-testid="item-request-add">
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={submit}
        initialValues={{ quantity: 1, name: search.get('name')?.trim().slice(0, 50) || undefined }}
      >
        <Form.Item
          name="name"
          label="商品名称"
          rules={[{ required: true, whitespace: true, message: '请填写商品名称' }]}
        >
          <Input maxLength={50} placeholder="如：复方丹参滴丸" />
        </Form.Item>
        <Form.Item
          name="spec"
          label="规格"
          rules={[{ required: true, whitespace: true, message: '请填写规格' }]}
        >
          <Input maxLength={50} placeholder="如：27mg*180丸" />
        </Form.Item>
        <Form.Item name="manufacturer" label="生产厂家">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="approval_no" label="批准文号">
          <Input maxLength={50} placeholder="如：国药准字Z10950111" />
        </Form.Item>
        <Form.Item name="quantity" label="求购数量" rules={[{ required: true, message: '请填写求购数量' }]}>
          <InputNumber min={1} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="expected_price" label="预期单价（元）">
          <InputNumber min={0} max={21474836} precision={2} style={{ width: 160 }} placeholder="选填" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item label="商品图片">
          <PhotoUpload
            value={photos}
            onChange={setPhotos}
            max={3}
            onBusy={setUploading}
            testId="item-request-photos"
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button
            type="primary"
            htmlType="submit"
            loading={send.isPending}
            disabled={uploading > 0}
            data-testid="item-request-submit"
          >
            提交求购
          </Button>
          <Button style={{ marginLeft: 12 }} onClick={() => navigate('/pzqg')}>
            返回列表
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
