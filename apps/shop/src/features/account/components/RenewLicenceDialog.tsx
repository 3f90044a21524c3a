import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Form, Modal } from 'antd';
import { applyApiError } from '../../../lib/form-errors';
import { useRenewLicence } from '../api/qualifications';
import { LicenceFields, type LicenceValues, licenceInput } from './LicenceFields';
import { QualificationUpload } from './QualificationUpload';

interface Props {
  open: boolean;
  /** The licence type to renew; undefined lets the buyer choose. */
  kind?: string;
  /** Types with a renewal under review, which cannot be chosen. */
  waiting: ReadonlySet<string>;
  onClose(): void;
}

/**
 * 上传新证件 at /zzzj: a new version of one licence, with its file, for 质管 to review. Mounted
 * afresh for each renewal (QualificationsPage keys it), so the form starts empty each time.
 */
export default function RenewLicenceDialog({ open, kind, waiting, onClose }: Props) {
  const { message } = useFeedback();
  const renew = useRenewLicence();
  const [form] = Form.useForm<LicenceValues>();
  const submit = async () => {
    try {
      const v = await form.validateFields();
      await renew.mutateAsync(licenceInput(v));
      message.success('已提交，审核通过后新证件生效');
      onClose();
    } catch (error) {
      // A 422 shows under its fields too; the http client has told the buyer already.
      applyApiError(form, error);
      const text = unreportedMessage(error, '提交失败，请稍候再试');
      if (text) message.error(text);
    }
  };
  return (
    <Modal
      open={open}
      title="上传新证件"
      width={720}
      okText="提交审核"
      onOk={submit}
      confirmLoading={renew.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LicenceValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={kind ? { kind } : undefined}
      >
        <LicenceFields testId="renew" disabledKinds={waiting} />
        <Form.Item name="file_id" label="证件文件" rules={[{ required: true, message: '请上传证件文件' }]}>
          <QualificationUpload />
        </Form.Item>
      </Form>
    </Modal>
  );
}
