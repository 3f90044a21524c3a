import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { qualificationKinds } from '@yaocai/domain';
import { Button, Card, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useRegisterSubmit } from '../api/register';
import { applyApiError } from './form-rules';
import { QualificationUpload } from './QualificationUpload';
import { StepForm } from './StepForm';

interface DocRow {
  kind: string;
  number: string;
  expires_on: Dayjs;
  file_id: number;
}

/** Step 3: qualification documents (kind, number, expiry, file); submit creates the account. */
export function RegisterDocsStep({ token, onDone }: { token: string; onDone(): void }) {
  const [form] = Form.useForm<{ qualifications: DocRow[] }>();
  const submit = useRegisterSubmit();
  const [error, setError] = useState<string>();

  const onFinish = async ({ qualifications }: { qualifications: DocRow[] }) => {
    setError(undefined);
    try {
      await submit.mutateAsync({
        token,
        qualifications: qualifications.map((q) => ({ ...q, expires_on: q.expires_on.format('YYYY-MM-DD') })),
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
      <Form.List name="qualifications">
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
                <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
                  <Form.Item
                    label="证件类型"
                    name={[field.name, 'kind']}
                    rules={[{ required: true, message: '请选择证件类型' }]}
                    style={{ width: 220 }}
                  >
                    <Select options={qualificationKinds.map((k) => ({ value: k.code, label: k.name }))} />
                  </Form.Item>
                  <Form.Item
                    label="证件编号"
                    name={[field.name, 'number']}
                    rules={[
                      { required: true, message: '请输入证件编号' },
                      { min: 4, max: 50, message: '证件编号为4-50位' },
                    ]}
                    style={{ width: 240 }}
                  >
                    <Input maxLength={50} data-testid={`qual-number-${index}`} />
                  </Form.Item>
                  <Form.Item
                    label="有效期至"
                    name={[field.name, 'expires_on']}
                    rules={[{ required: true, message: '请选择有效期' }]}
                  >
                    <DatePicker
                      disabledDate={(d) => d.isBefore(dayjs().add(1, 'day'), 'day')}
                      data-testid={`qual-expiry-${index}`}
                    />
                  </Form.Item>
                </div>
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
