import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormListFieldData, Space } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  /** The Form.List's name: tiers, items, ['action', 'tiers'] ... */
  name: string | (string | number)[];
  addLabel: string;
  removeLabel: string;
  wrap?: boolean;
  /** One row's fields. */
  children: (field: FormListFieldData) => ReactNode;
}

/** The rows of a list in a promotion form, each with its remove button; the list's errors; 添加. */
export function FieldRows({ name, addLabel, removeLabel, wrap, children }: Props) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="start" wrap={wrap}>
              {children(field)}
              <Button
                type="text"
                aria-label={removeLabel}
                icon={<MinusCircleOutlined />}
                onClick={() => remove(field.name)}
                style={{ marginTop: 30 }}
              />
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
            {addLabel}
          </Button>
        </>
      )}
    </Form.List>
  );
}
