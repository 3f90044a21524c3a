import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Card } from '../../../components/Card';
import { applyApiError } from '../../../lib/form-errors';
import { useRegisterSubmit } from '../api/register';
import { LicenceFields, type LicenceValues, licenceInput } from './LicenceFields';
import { QualificationUpload } from './QualificationUpload';
import { StepForm } from './StepForm';

type DocRow = LicenceValues;
const LIST = 'qualifications';

/**
 * Step 3: qualification documents (type, number, issuer, validity or 长期, the purchaser on a
 * proxy, the file); submit creates the account.
 */
export function RegisterDocsStep({ token, onDone }: { token: string; onDone(): void }) {
  const [form] = Form.useForm<{ qualifications: DocRow[] }>();
  const submit = useRegisterSubmit();
  const [error, setError] = useState<string>();

  const onFinish = async ({ qualifications }: { qualifications: DocRow[] }) => {
    setError(undefined);
    try {
      await submit.mutateAsync({
        token,
        qualifications: qualifications.map(licenceInput),
      });
      onDone();
    } catch (e) {
      setError(applyApiError(form, e));
    }
  };

  return (
    <StepForm
      form={form}
      onFinish={onFinish}
      initialValues={{ qualifications: [{ kind: 'business_licence' }] }}
      width={720}
      error={error}
    >
      <Form.List name={LIST}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={`证件 ${index + 1}`}
                style={{ marginBottom: 16 }}
                extra={fields.length > 1 && <MinusCircleOutlined onClick={() => remove(field.name)} />}
              >
                <LicenceFields inList={{ list: LIST, index: field.name }} testId={`qual-${index}`} />
                <Form.Item
                  name={[field.name, 'file_id']}
                  rules={[{ required: true, message: '请上传证件文件' }]}
                >
                  <QualificationUpload token={token} />
                </Form.Item>
              </Card>
            ))}
            {fields.length < 10 && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => add({ kind: 'drug_licence' })}
                style={{ marginBottom: 24 }}
              >
                添加证件
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        block
        loading={submit.isPending}
        data-testid="register-submit"
      >
        提交注册
      </Button>
    </StepForm>
  );
}
