import type { SynonymView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors, unreportedMessage } from '../../../lib/form-errors';
import { type SynonymInput, useSaveSynonym } from '../api/search';

/** What the modal edits: an alias, or a new one (prefilled with a term from the statistics). */
export type SynonymDraft = { id: null; term?: string } | SynonymView;

/** 新增/编辑同义词: the term, the names it also searches for, one- or two-way. */
export function SynonymModal({ draft, onClose }: { draft: SynonymDraft | null; onClose: () => void }) {
  const { message } = useFeedback();
  const save = useSaveSynonym();
  const [form] = Form.useForm<SynonymInput>();

  useEffect(() => {
    if (!draft) return;
    form.resetFields();
    form.setFieldsValue(
      draft.id === null
        ? { term: draft.term ?? '', expansions: [], two_way: false }
        : { term: draft.term, expansions: draft.expansions, two_way: draft.two_way },
    );
  }, [draft, form]);

  const submit = async () => {
    if (!draft) return;
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const body = await form.validateFields();
      await save.mutateAsync({ id: draft.id, body });
      message.success('已保存，商城搜索即时生效');
      onClose();
    } catch (error) {
      if (showFieldErrors(form, error)) return;
      const text = unreportedMessage(error, '保存失败');
      if (text) message.error(text);
    }
  };

  return (
    <Modal
      open={draft !== null}
      title={draft?.id ? '编辑同义词' : '新增同义词'}
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      okText="保存"
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="admin-synonym-form">
        <Form.Item
          name="term"
          label="搜索词"
          rules={[{ required: true, whitespace: true, message: '请填写搜索词' }]}
        >
          <Input maxLength={20} placeholder="买家输入的词，如：扑热息痛" data-testid="admin-synonym-term" />
        </Form.Item>
        <Form.Item
          name="expansions"
          label="同时搜索"
          extra="输入后按回车添加，可填多个（如：消炎药 → 阿莫西林、头孢氨苄）"
          rules={[{ required: true, message: '请至少填写一个同义词' }]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={['、', '，', ',', ' ']}
            placeholder="如：对乙酰氨基酚"
            data-testid="admin-synonym-expansions"
          />
        </Form.Item>
        <Form.Item
          name="two_way"
          label="双向"
          valuePropName="checked"
          extra="开启后，搜索右边的词也会找到搜索词的商品（旧称与通用名互查）"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
