import { companyTypes, provinceCityOptions } from '@yaocai/domain';
import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Cascader, Form, Select } from 'antd';
import { useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';
import { useGoodsList } from '../api/goods';
import { useSetSaleControls } from '../api/sale-controls';

export interface SaleControlDraft {
  goods: { id: number; name: string }[];
  customer_types: string[];
  regions: { province: string; city: string | null }[];
}

interface Values {
  goods_ids: number[];
  customer_types: string[];
  regions: string[][];
}

/** 设置控销: one control (customer types, provinces or cities) applied to every goods chosen. */
export function SaleControlForm({ draft }: { draft?: SaleControlDraft }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const found = useGoodsList({ q: search || undefined, page: 1, page_size: 20 });
  const set = useSetSaleControls();
  const [chosen, setChosen] = useState(draft?.goods ?? []);
  const options = new Map(chosen.map((g) => [g.id, g.name]));
  for (const g of found.data?.list ?? []) options.set(g.id, `${g.name}（${g.sku}）`);

  const save = (values: Values) =>
    set
      .mutateAsync({
        goods_ids: values.goods_ids ?? [],
        customer_types: values.customer_types ?? [],
        regions: (values.regions ?? []).map(([province, city]) => ({ province, city: city ?? null })),
      })
      .then(() => {
        message.success('控销已设置');
        form.resetFields();
        setChosen([]);
      })
      .catch((error) => showFieldErrors(form, error));

  return (
    <Card
      size="small"
      title="设置控销（可多选商品批量设置）"
      data-testid="sale-control-form"
      style={{ marginBottom: 16 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          goods_ids: draft?.goods.map((g) => g.id) ?? [],
          customer_types: draft?.customer_types ?? [],
          regions: draft?.regions.map((r) => (r.city ? [r.province, r.city] : [r.province])) ?? [],
        }}
      >
        <Form.Item name="goods_ids" label="商品" required>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            placeholder="输入名称、拼音首字母或批准文号搜索"
            aria-label="商品"
            data-testid="sale-control-goods"
            options={[...options].map(([value, label]) => ({ value, label }))}
            onChange={(ids: number[]) =>
              setChosen(ids.map((id) => ({ id, name: options.get(id) ?? String(id) })))
            }
          />
        </Form.Item>
        <Form.Item name="customer_types" label="允许采购的客户类型（不选：不限）">
          <CheckboxList
            data-testid="sale-control-types"
            options={companyTypes.map((t) => ({ value: t.code, label: t.name }))}
          />
        </Form.Item>
        <Form.Item name="regions" label="允许销售的地区（选省为全省，不选：不限）">
          <Cascader
            multiple
            options={provinceCityOptions}
            showCheckedStrategy={Cascader.SHOW_PARENT}
            placeholder="选择省份或城市"
            aria-label="允许销售的地区"
            data-testid="sale-control-regions"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={set.isPending} data-testid="sale-control-save">
          保存控销
        </Button>
      </Form>
    </Card>
  );
}
