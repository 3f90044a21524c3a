import { useFeedback } from '@yaocai/web-client/feedback';
import { Form, type FormInstance, Modal, type ModalProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { showFieldErrors } from '../../lib/form-errors';

/** What a form takes as (partial) values. */
export type FormValues<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

export interface ModalFormState<Target, V> {
  form: FormInstance<V>;
  /** What the dialog is open on (a row, or 'new'), null while closed. */
  target: Target | null;
  saving: boolean;
  open: (target: Target) => void;
  close: () => void;
  submit: () => Promise<void>;
}

/**
 * A dialog's form opened on a row (answer, send back, edit) or on 'new': it validates, sends,
 * says so and closes; the server's 422 messages show under their fields, and an invalid form
 * ends quietly with its messages under the fields.
 */
export function useModalForm<Target, V>(options: {
  send: (values: V, target: Target) => Promise<unknown>;
  sending: boolean;
  /** The form's values when opened on a target (empty or its initial values otherwise). */
  toValues?: (target: Target) => FormValues<V> | undefined;
  /** What a success says. */
  done: string | ((target: Target) => string);
}): ModalFormState<Target, V> {
  const { message } = useFeedback();
  const [form] = Form.useForm<V>();
  const [target, setTarget] = useState<Target | null>(null);
  const open = (next: Target) => {
    form.resetFields();
    const values = options.toValues?.(next);
    if (values) form.setFieldsValue(values);
    setTarget(next);
  };
  const submit = async () => {
    if (target === null) return;
    try {
      const values = await form.validateFields();
      await options.send(values, target);
      message.success(typeof options.done === 'string' ? options.done : options.done(target));
      setTarget(null);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return { form, target, saving: options.sending, open, close: () => setTarget(null), submit };
}

type Props<Target, V> = Pick<ModalProps, 'title' | 'okText' | 'width' | 'forceRender'> & {
  state: ModalFormState<Target, V>;
  initialValues?: FormValues<V>;
  /** Fields not kept once unmounted (a field shown only for one choice). */
  preserve?: boolean;
  /** What the dialog shows above the form (the text answered). */
  before?: ReactNode;
  children: ReactNode;
};

/** The dialog of a `useModalForm`. */
export function ModalForm<Target, V>({
  state,
  initialValues,
  preserve,
  before,
  children,
  ...modal
}: Props<Target, V>) {
  return (
    <Modal
      {...modal}
      open={state.target !== null}
      onOk={state.submit}
      confirmLoading={state.saving}
      onCancel={state.close}
      destroyOnHidden
    >
      {before}
      <Form<V>
        form={state.form}
        layout="vertical"
        initialValues={initialValues as object}
        preserve={preserve}
      >
        {children}
      </Form>
    </Modal>
  );
}
