import { type AdminGoodsDetail, type GoodsEditBody, holdsPermission } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Form, Result, Space, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FirstDocumentsCard } from '../../../components/first-documents/FirstDocumentsCard';
import { fieldErrors } from '../../../lib/form-errors';
import { useGoodsOptions } from '../../../lib/goods-options';
import { useMe } from '../../../lib/me';
import { useCreateGoods, useGoods, useSetOnSale, useUpdateGoods } from '../api/goods';
import { BatchesCard } from '../components/BatchesCard';
import { GoodsFields } from '../components/GoodsFields';

const blank: Partial<GoodsEditBody> = {
  kind: 'drug',
  rx_class: 'otc_a',
  ladder_type: 0,
  ladder: [],
  min_quantity: 1,
  step_quantity: 1,
  is_buy: true,
  is_free_shipping: false,
  free_shipping_number: 0,
  ephedrine: false,
  tags: [],
  zones: [],
  gallery: [],
  image: null,
};

/** Create a goods (/goods/new) or edit one (/goods/:id) with its batches and sale state. */
export default function GoodsEditPage() {
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : null;
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [form] = Form.useForm<GoodsEditBody>();
  const { data: options } = useGoodsOptions();
  const { data: goods, isLoading } = useGoods(id);
  const permissions = useMe().data?.permissions ?? [];
  const create = useCreateGoods();
  const update = useUpdateGoods();
  const sale = useSetOnSale();
  const canWrite = holdsPermission(permissions, 'goods:write');

  useEffect(() => {
    form.setFieldsValue(goods ? (goods.fields as GoodsEditBody) : blank);
  }, [goods, form]);

  if (!options || (id !== null && isLoading)) return <Spin />;
  if (id !== null && !goods) return <Result status="404" title="商品不存在" />;

  const save = async (values: GoodsEditBody) => {
    try {
      const saved: AdminGoodsDetail = id
        ? await update.mutateAsync({ id, body: values })
        : await create.mutateAsync(values);
      message.success(id ? '已保存' : '商品已创建，添加批号库存后即可上架');
      if (!id) navigate(`/goods/${saved.id}`);
    } catch (error) {
      form.setFields(fieldErrors(error) as never);
    }
  };

  return (
    <>
      <Card
        title={goods ? `${goods.fields.name}（${goods.sku}）` : '新建商品'}
        data-testid="admin-goods-editor"
        extra={
          goods && (
            <Space>
              {goods.on_sale ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>}
              {canWrite && (
                <Button
                  onClick={() => sale.mutateAsync({ id: goods.id, on_sale: !goods.on_sale }).catch(() => {})}
                  data-testid="admin-goods-sale"
                >
                  {goods.on_sale ? '下架' : '上架'}
                </Button>
              )}
            </Space>
          )
        }
      >
        <Form form={form} layout="vertical" onFinish={save} disabled={!canWrite} initialValues={blank}>
          <GoodsFields options={options} />
          {canWrite && (
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending || update.isPending}
              data-testid="admin-goods-save"
            >
              保存
            </Button>
          )}
        </Form>
      </Card>
      {goods && <BatchesCard goods={goods} warehouses={options.warehouses} permissions={permissions} />}
      {goods && <FirstDocumentsCard goodsId={goods.id} permissions={permissions} />}
    </>
  );
}
