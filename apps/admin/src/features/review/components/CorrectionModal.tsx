import type { DocumentCorrectionInput, ReviewDocument, ScopeClassCode } from '@yaocai/domain';
import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Checkbox, DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { showFieldErrors } from '../../../lib/form-errors';
import { useCorrectDocument } from '../api/review';

interface Values {
  approve: boolean;
  number: string;
  issuer: string;
  long_term: boolean;
  expires_on: Dayjs | null;
  scopes: ScopeClassCode[];
  holder_name: string;
  holder_id_no: string;
  reason: string;
  correction_reason: string;
}

interface Props {
  companyId: number;
  /** The current version corrected; null when closed. */
  doc: ReviewDocument | null;
  onClose(): void;
}

const prefill = (doc: ReviewDocument): Values => ({
  approve: doc.status === 'approved',
  number: doc.number,
  issuer: doc.issuer ?? '',
  long_term: doc.expires_on === null,
  expires_on: doc.expires_on ? dayjs(doc.expires_on) : null,
  scopes: doc.scopes.map((s) => s.code) as ScopeClassCode[],
  holder_name: doc.holder_name ?? '',
  holder_id_no: doc.holder_id_no ?? '',
  reason: doc.status === 'rejected' ? (doc.review_note ?? '') : '',
  correction_reason: '',
});

/**
 * 更正: the reviewer decides a reviewed licence again, from what its current version records. The
 * server keeps that version as it was and adds the corrected one, which counts at once.
 */
export function CorrectionModal({ companyId, doc, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const correct = useCorrectDocument();
  const approve = Form.useWatch('approve', form);
  const longTerm = Form.useWatch('long_term', form);

  const submit = async () => {
    if (!doc) return;
    const v = await form.validateFields();
    const body: DocumentCorrectionInput = {
      approve: v.approve,
      number: v.number,
      issuer: v.issuer || undefined,
      long_term: v.long_term,
      expires_on: v.long_term ? undefined : v.expires_on?.format('YYYY-MM-DD'),
      scopes: doc.grants.length > 0 ? v.scopes : undefined,
      holder_name: doc.kind === 'proxy' ? v.holder_name || undefined : undefined,
      holder_id_no: doc.kind === 'proxy' ? v.holder_id_no || undefined : undefined,
      reason: v.approve ? undefined : v.reason || undefined,
      correction_reason: v.correction_reason,
    };
    try {
      await correct.mutateAsync({ companyId, documentId: doc.id, ...body });
      message.success('证件已更正，买家即按更正后的证件采购');
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={doc !== null}
      title={doc ? `更正${doc.kind_name}` : ''}
      okText="提交更正"
      okButtonProps={{ 'data-testid': 'admin-correction-submit' } as never}
      confirmLoading={correct.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {/* Mounted afresh for each version corrected, its values the form's initial values. */}
      <Form
        key={doc?.id}
        form={form}
        initialValues={doc ? prefill(doc) : undefined}
        layout="vertical"
        size="small"
        data-testid="admin-correction-form"
      >
        <Form.Item name="approve" label="审核结论">
          <Radio.Group
            options={[
              { value: true, label: '通过' },
              { value: false, label: '退回' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="number"
          label="证件编号"
          rules={[{ required: true, min: 4, message: '证件编号至少4位' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="issuer" label="发证机关">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label="核定有效期">
          <Form.Item name="expires_on" noStyle>
            <DatePicker allowClear={false} disabled={longTerm} />
          </Form.Item>
          <Form.Item name="long_term" valuePropName="checked" noStyle>
            <Checkbox style={{ marginLeft: 8 }}>长期</Checkbox>
          </Form.Item>
        </Form.Item>
        {doc && doc.grants.length > 0 && (
          <Form.Item name="scopes" label="证件载明的经营范围" extra="按证件原文勾选">
            <CheckboxList
              options={doc.grants.map((g) => ({ value: g.code, label: g.name }))}
              data-testid="admin-correction-scopes"
            />
          </Form.Item>
        )}
        {doc?.kind === 'proxy' && (
          <>
            <Form.Item name="holder_name" label="采购人员姓名">
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="holder_id_no" label="采购人员身份证号码">
              <Input maxLength={18} />
            </Form.Item>
          </>
        )}
        {approve === false && (
          <Form.Item name="reason" label="退回原因" rules={[{ required: true, message: '退回时请填写原因' }]}>
            <Input maxLength={200} placeholder="买家可见" />
          </Form.Item>
        )}
        <Form.Item
          name="correction_reason"
          label="更正原因"
          rules={[{ required: true, min: 2, message: '请填写更正原因（至少2个字）' }]}
        >
          <Input.TextArea
            maxLength={200}
            placeholder="买家可见，记入审计日志"
            data-testid="admin-correction-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
