import type { ReactNode } from 'react';
import { type FormValues, ModalForm, type ModalFormState, useModalForm } from '../../../components/list-page';

// The editor of a promotion list (满减, 抽奖, 礼品, 优惠券, the day-ranged specials): the console's
// modal form opened on a row or on 'new', saved as { id, body }. Each page keeps its own fields
// and its mapping to and from the API.

interface SaveMutation {
  mutateAsync: (request: { id: number | null; body: object }) => Promise<unknown>;
  isPending: boolean;
}

export type { FormValues };

export interface Editor<Row, V> extends ModalFormState<Row | 'new', V> {
  /** The row being edited, 'new', or null while closed. */
  editing: Row | 'new' | null;
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
  const state = useModalForm<Row | 'new', V>({
    send: (values, row) =>
      options.save.mutateAsync({ id: row === 'new' ? null : row.id, body: options.toBody(values) }),
    sending: options.save.isPending,
    toValues: (row) => (row === 'new' ? undefined : options.toValues(row)),
    done: (row) => (row === 'new' && options.createdMessage) || '已保存',
  });
  return { ...state, editing: state.target };
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
    <ModalForm
      state={editor}
      width={width}
      title={`${editor.editing === 'new' ? newVerb : '编辑'}${noun}`}
      okText="保存"
      initialValues={initialValues}
      forceRender
    >
      {children}
    </ModalForm>
  );
}
