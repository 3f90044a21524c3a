import type { GoodsEditorOptions } from '@yaocai/domain';
import {
  assignableZones,
  barcodeProblem,
  controlClasses,
  goodsKinds,
  goodsTags,
  rxClasses,
  scopeClasses,
} from '@yaocai/domain';
import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { Col, Form, Input, InputNumber, Row, Select, Switch, TreeSelect } from 'antd';
import { ImagesField } from '../../../components/ImagesField';
import { uploadGoodsImage } from '../../../lib/goods-options';
import { LadderFields } from './LadderFields';
import { TaxFields } from './TaxFields';

const menuNames: Record<string, string> = {
  normal: '全部分类',
  yx: '优选分类',
  zy: '中药分类',
  qx: '器械分类',
};
const required = (message: string) => [{ required: true, message }];

/** The barcode's check digit, checked as the server does (packages/domain barcode.ts). */
const checkBarcode = (_: unknown, value: string | undefined) => {
  const problem = barcodeProblem((value ?? '').trim());
  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
};

/** The four category menus as a tree per menu (pick any level). */
function categoryTree(options: GoodsEditorOptions) {
  const childrenOf = (menu: string, parent: number | null): object[] =>
    options.categories
      .filter((c) => c.menu === menu && c.parent_id === parent)
      .map((c) => ({ value: c.id, title: c.name, children: childrenOf(menu, c.id) }));
  return Object.entries(menuNames).map(([menu, title]) => ({
    value: `menu-${menu}`,
    title,
    selectable: false,
    children: childrenOf(menu, null),
  }));
}

/** Every field of the goods model, grouped as an operator reads a drug's label. */
export function GoodsFields({ options }: { options: GoodsEditorOptions }) {
  const col = (span: number, node: React.ReactNode) => <Col span={span}>{node}</Col>;
  return (
    <Row gutter={16}>
      {col(
        12,
        <Form.Item name="name" label="商品名称" rules={required('请填写商品名称')}>
          <Input maxLength={60} />
        </Form.Item>,
      )}
      {col(
        12,
        <Form.Item name="common_name" label="通用名" rules={required('请填写通用名')}>
          <Input maxLength={60} />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item name="kind" label="商品类型" rules={required('请选择商品类型')}>
          <Select options={goodsKinds.map((k) => ({ value: k.code, label: k.name }))} />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item name="rx_class" label="处方类别" rules={required('请选择处方类别')}>
          <Select options={rxClasses.map((k) => ({ value: k.code, label: k.name }))} />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item name="scope_class" label="经营范围类别" rules={required('请选择经营范围类别')}>
          <Select options={scopeClasses.map((k) => ({ value: k.code, label: k.name }))} />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item
          name="control_class"
          label="特殊管理类别"
          extra="疫苗、麻醉药品等不得网络销售的类别不能保存（站点设置·质量管理）"
        >
          <Select
            allowClear
            placeholder="无"
            options={controlClasses.map((k) => ({ value: k.code, label: k.name }))}
            data-testid="admin-goods-control-class"
          />
        </Form.Item>,
      )}
      <TaxFields />
      {col(
        12,
        <Form.Item name="manufacturer" label="生产厂家" rules={required('请填写生产厂家')}>
          <Input maxLength={60} />
        </Form.Item>,
      )}
      {col(
        12,
        <Form.Item name="brand_id" label="品牌">
          <Select allowClear options={options.brands.map((b) => ({ value: b.id, label: b.name }))} />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item name="approval_no" label="批准文号 / 注册证号" rules={required('请填写批准文号')}>
          <Input maxLength={40} />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item name="spec" label="规格" rules={required('请填写规格')}>
          <Input maxLength={40} />
        </Form.Item>,
      )}
      {col(
        4,
        <Form.Item name="unit" label="包装单位" rules={required('请填写包装单位')}>
          <Input maxLength={6} />
        </Form.Item>,
      )}
      {col(
        4,
        <Form.Item name="dosage_form" label="剂型">
          <Input maxLength={20} />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item name="barcode" label="条形码" rules={[{ validator: checkBarcode }]}>
          <Input maxLength={20} inputMode="numeric" placeholder="包装上的13位条形码（69开头），没有可不填" />
        </Form.Item>,
      )}
      {col(
        12,
        <Form.Item
          name="authorization_holder"
          label="上市许可持有人 / 注册人"
          tooltip="药品填上市许可持有人，医疗器械填注册人或备案人；印在随货同行单上"
        >
          <Input maxLength={60} />
        </Form.Item>,
      )}
      {col(
        12,
        <Form.Item name="storage" label="贮藏条件">
          <Input maxLength={40} />
        </Form.Item>,
      )}
      {col(
        12,
        <Form.Item name="category_ids" label="分类（四套菜单）" rules={required('请至少选择一个分类')}>
          <TreeSelect
            multiple
            treeData={categoryTree(options)}
            treeDefaultExpandAll={false}
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>,
      )}
      {col(
        6,
        <Form.Item name="base_price" label="基础价（元）" rules={required('请填写基础价')}>
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
        </Form.Item>,
      )}
      {col(
        6,
        <Form.Item name="retail_price" label="建议零售价（元）">
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>,
      )}
      {col(
        6,
        <Form.Item name="min_quantity" label="起订量" rules={required('请填写起订量')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>,
      )}
      {col(
        6,
        <Form.Item name="step_quantity" label="加购步长" rules={required('请填写加购步长')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>,
      )}
      {col(24, <LadderFields />)}
      {col(
        4,
        <Form.Item name="is_buy" label="可购买" valuePropName="checked">
          <Switch />
        </Form.Item>,
      )}
      {col(
        4,
        <Form.Item name="is_free_shipping" label="包邮" valuePropName="checked">
          <Switch />
        </Form.Item>,
      )}
      {col(
        4,
        <Form.Item name="free_shipping_number" label="包邮数量">
          <InputNumber min={0} precision={0} />
        </Form.Item>,
      )}
      {col(
        4,
        <Form.Item name="ephedrine" label="含麻黄碱" valuePropName="checked">
          <Switch />
        </Form.Item>,
      )}
      {col(
        8,
        <Form.Item name="tags" label="标签">
          <CheckboxList options={[...goodsTags]} />
        </Form.Item>,
      )}
      {col(
        24,
        <Form.Item name="zones" label="专区" extra="近效期专场按批次效期自动归入，无需勾选">
          <CheckboxList
            options={Object.entries(assignableZones).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>,
      )}
      {col(
        6,
        <Form.Item
          name="image"
          label="列表图"
          getValueProps={(v) => ({ value: v ? [v] : [] })}
          normalize={(list: string[]) => list[0] ?? null}
        >
          <ImagesField max={1} label="列表图" upload={uploadGoodsImage} />
        </Form.Item>,
      )}
      {col(
        18,
        <Form.Item name="gallery" label="商品图（最多8张）">
          <ImagesField max={8} label="商品图" upload={uploadGoodsImage} />
        </Form.Item>,
      )}
      {col(
        24,
        <Form.Item name="description" label="商品说明">
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>,
      )}
    </Row>
  );
}
