import type { ActivitySectionType } from '@yaocai/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { usePromotionOptions } from '../api/promotion';

interface Props {
  /** The section's index in the form's sections list. */
  name: number;
  type: ActivitySectionType;
  /** Names of goods and coupons already picked (the editor's page carries them). */
  known: { goods: Record<string, string>; coupons: Record<string, string> };
}

/** The fields of one section of an activity page, by its type. */
export function SectionFields({ name, type, known }: Props) {
  const [word, setWord] = useState('');
  const options = usePromotionOptions(word);
  const form = Form.useFormInstance();
  const picked: number[] =
    Form.useWatch(['sections', name, type === 'goods' ? 'goods_ids' : 'coupon_ids'], form) ?? [];
  switch (type) {
    case 'banner':
      return (
        <>
          <Form.Item
            name={[name, 'image']}
            label="横幅图片地址"
            rules={[{ required: true, message: '请填写横幅图片地址' }]}
          >
            <Input placeholder="/media/ads/1.svg" maxLength={300} />
          </Form.Item>
          <Form.Item name={[name, 'link']} label="点击跳转">
            <Input placeholder="/lqzx（可留空）" maxLength={300} />
          </Form.Item>
          <Form.Item name={[name, 'alt']} label="图片说明">
            <Input maxLength={40} />
          </Form.Item>
        </>
      );
    case 'countdown':
      return (
        <>
          <Form.Item
            name={[name, 'title']}
            label="倒计时标题"
            rules={[{ required: true, message: '请填写倒计时标题' }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name={[name, 'until']} label="截止时间" extra="留空则倒计时到页面结束">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </>
      );
    case 'notice':
      return (
        <>
          <Form.Item name={[name, 'title']} label="公告标题">
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name={[name, 'text']}
            label="公告内容"
            rules={[{ required: true, message: '请填写公告内容' }]}
          >
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </>
      );
    default: {
      const goods = type === 'goods';
      const found = goods
        ? (options.data?.goods ?? []).map((g) => ({ value: g.id, label: `${g.name} ${g.spec}` }))
        : (options.data?.coupons ?? []).map((c) => ({ value: c.id, label: c.name }));
      const names = goods ? known.goods : known.coupons;
      const kept = picked
        .filter((id) => !found.some((o) => o.value === id))
        .map((id) => ({ value: id, label: names[id] ?? `#${id}` }));
      return (
        <>
          <Form.Item
            name={[name, 'title']}
            label="楼层标题"
            rules={[{ required: true, message: '请填写楼层标题' }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name={[name, goods ? 'goods_ids' : 'coupon_ids']}
            label={goods ? '楼层商品' : '优惠券'}
            rules={[{ required: true, message: goods ? '请选择楼层商品' : '请选择优惠券' }]}
          >
            <Select
              mode="multiple"
              showSearch
              filterOption={goods ? false : undefined}
              optionFilterProp="label"
              onSearch={goods ? setWord : undefined}
              placeholder={goods ? '搜索在售商品' : '选择优惠券'}
              options={[...kept, ...found]}
            />
          </Form.Item>
        </>
      );
    }
  }
}
