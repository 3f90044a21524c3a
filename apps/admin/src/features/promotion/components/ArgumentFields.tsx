import type { PromotionKindView } from '@yaocai/domain';
import { Form, InputNumber, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { FieldRows } from './FieldRows';

// The condition and action arguments of a promotion kind, rendered from the kind's editor
// description (packages/domain promotion/rules: `editor`). No kind is named here: a new
// plain-data rule gets its form from its description alone. Money (`fen`) is entered in yuan
// and sent in yuan: the server converts it to integer fen (promotion/arguments.ts).

export type ArgumentField = PromotionKindView['fields'][number];
type Column = NonNullable<ArgumentField['columns']>[number];
/** One kind's condition or action arguments as the form holds them. */
export type Args = Record<string, string | number | boolean | object | null>;

const yuanLabel = (label: string) => (label.includes('元') ? label : `${label}（元）`);

/** The input of one scalar argument (or one tier column). */
function control(type: Column['type']): ReactNode {
  switch (type) {
    case 'fen':
      return <InputNumber min={0} precision={2} style={{ width: 160 }} />;
    case 'percent':
      return <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} />;
    case 'count':
      return <InputNumber min={1} precision={0} style={{ width: 160 }} />;
    case 'boolean':
      return <Switch />;
    default:
      return null;
  }
}

function ScalarItem({ name, field }: { name: (string | number)[]; field: Column }) {
  const label = field.type === 'fen' ? yuanLabel(field.label) : field.label;
  return (
    <Form.Item
      name={name}
      label={label}
      extra={field.help}
      valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
      rules={
        field.required && field.type !== 'boolean'
          ? [{ required: true, message: `请填写${field.label}` }]
          : []
      }
    >
      {control(field.type)}
    </Form.Item>
  );
}

/** Every argument of the kind, under `condition.<name>` and `action.<name>` (the 422's paths). */
export function ArgumentFields({ fields }: { fields: readonly ArgumentField[] }) {
  if (fields.length === 0) return null;
  return (
    <fieldset style={{ border: '1px solid #eee', padding: '8px 12px', marginBottom: 12 }}>
      <legend style={{ fontSize: 14, width: 'auto', padding: '0 4px', margin: 0, border: 0 }}>
        优惠规则
      </legend>
      <Space wrap align="start" size={16}>
        {fields
          .filter((f) => f.type !== 'tiers')
          .map((f) => (
            <ScalarItem key={`${f.in}.${f.name}`} name={[f.in, f.name]} field={f} />
          ))}
      </Space>
      {fields
        .filter((f) => f.type === 'tiers')
        .map((f) => (
          <Form.Item key={`${f.in}.${f.name}`} label={f.label} extra={f.help} required={f.required}>
            <FieldRows name={[f.in, f.name]} addLabel={`添加${f.label}`} removeLabel={`删除${f.label}`} wrap>
              {(row) =>
                (f.columns ?? []).map((c) => <ScalarItem key={c.name} name={[row.name, c.name]} field={c} />)
              }
            </FieldRows>
          </Form.Item>
        ))}
    </fieldset>
  );
}

/** A new form's starting arguments: switches off, one empty row per tiers field. */
export function argumentDefaults(fields: readonly ArgumentField[]) {
  const out: { condition: Args; action: Args } = {
    condition: {},
    action: {},
  };
  for (const f of fields) {
    if (f.type === 'boolean') out[f.in][f.name] = false;
    if (f.type === 'tiers') out[f.in][f.name] = [{}];
  }
  return out;
}

/** The arguments as the list shows them: 第二件按原价的（%）50% · 每行最多优惠件数 2 ... */
export function argumentsText(
  fields: readonly ArgumentField[],
  values: Record<'condition' | 'action', object>,
) {
  const show = (type: Column['type'], v: unknown): string => {
    if (v === null || v === undefined || v === '') return '不限';
    if (type === 'fen') return `¥${Number(v).toFixed(2)}`;
    if (type === 'percent') return `${v}%`;
    if (type === 'boolean') return v ? '是' : '否';
    return String(v);
  };
  return fields.map((f) => {
    const v = (values[f.in] as Record<string, unknown>)[f.name];
    if (f.type !== 'tiers') return `${f.label}：${show(f.type, v)}`;
    const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
    return `${f.label}：${rows
      .map((r) => (f.columns ?? []).map((c) => `${c.label}${show(c.type, r[c.name])}`).join(' '))
      .join('；')}`;
  });
}
