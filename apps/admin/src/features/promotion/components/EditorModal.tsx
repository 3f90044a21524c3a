import { useFeedback } from '@yaocai/web-client/feedback';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';

// The editor of a promotion list (满减, 抽奖, 礼品, 优惠券, the day-ranged specials): opened on a
// row or on 'new', it validates, saves as { id, body } and closes; the server's 422 messages
// show under their fields. Each page keeps its own fields and its mapping to and from the API.

interface SaveMutation {
  mutateAsync: (request: { id: number | null; body: object }) => Promise<unknown>;
  isPending: boolean;
}

/** What a form takes as (partial) values: what `toValues` and `initialValues` give. */
export type FormValues<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

export interface Editor<Row, V> {
  form: FormInstance<V>;
  /** The row being edited, 'new', or null while closed. */
  editing: Row | 'new' | null;
  saving: boolean;
  open: (row: Row | 'new') => void;
  close: () => void;
  submit: () => Promise<void>;
}

export function useEditor<Row extends { id: number }, V>(options: {
  save: SaveMutation;
  /** The form's values from a saved row. */
  toValues: (row: Row) => FormValues<V>;
  /** The request body from the form's values. */
  toBody: (values: V) => object;
  /** What saving a new row says (what comes next for it), instead of 已保存. */
  createdMessage?: string;
}): Editor<Row, V> {
  const { message } = useFeedback();
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const open = (row: Row | 'new') => {
    form.resetFields();
    if (row !== 'new') form.setFieldsValue(options.toValues(row));
    setEditing(row);
  };
  const submit = async () => {
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const values = await form.validateFields();
      const created = editing === 'new' || editing === null;
      await options.save.mutateAsync({
        id: created ? null : editing.id,
        body: options.toBody(values),
      });
      message.success((created && options.createdMessage) || '已保存');
      setEditing(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return { form, editing, saving: options.save.isPending, open, close: () => setEditing(null), submit };
}

interface Props<Row, V> {
  editor: Editor<Row, V>;
  /** The title after 新建 (or `newVerb`) and 编辑: 满减活动, 抽奖, 优惠券 ... */
  noun: string;
  newVerb?: '新建' | '新增';
  width?: number;
  initialValues: FormValues<V>;
  children: ReactNode;
}

export function EditorModal<Row, V>({
  editor,
  noun,
  newVerb = '新建',
  width,
  initialValues,
  children,
}: Props<Row, V>) {
  return (
    <Modal
      open={editor.editing !== null}
      width={width}
      title={`${editor.editing === 'new' ? newVerb : '编辑'}${noun}`}
      okText="保存"
      onOk={editor.submit}
      confirmLoading={editor.saving}
      onCancel={editor.close}
      destroyOnHidden
      forceRender
    >
      <Form<V> form={editor.form} layout="vertical" initialValues={initialValues as object}>
        {children}
      </Form>
    </Modal>
  );
}
