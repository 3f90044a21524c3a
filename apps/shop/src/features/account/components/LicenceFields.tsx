import { idCardNumberOk, qualificationKinds } from '@yaocai/domain';
import { Checkbox, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { DatePicker } from '../../../lib/date-picker';

/** One licence as the form holds it (registration step 3 and a renewal at /zzzj). */
export interface LicenceValues {
  kind: string;
  number: string;
  issuer?: string;
  long_term?: boolean;
  expires_on?: Dayjs;
  holder_name?: string;
  holder_id_no?: string;
  file_id: number;
}

/** What the server takes for one licence (qualificationInput). */
export const licenceInput = (v: LicenceValues) => ({
  kind: v.kind,
  number: v.number,
  issuer: v.issuer || undefined,
  long_term: v.long_term ? true : undefined,
  expires_on: v.long_term ? undefined : v.expires_on?.format('YYYY-MM-DD'),
  holder_name: v.kind === 'proxy' ? v.holder_name || undefined : undefined,
  holder_id_no: v.kind === 'proxy' ? v.holder_id_no?.toUpperCase() || undefined : undefined,
  file_id: v.file_id,
});

/** Where a licence sits inside a Form.List: the list's name and the item's index in it. */
export interface LicenceInList {
  list: string;
  index: number;
}

/**
 * The fields of one licence: type, number, issuer, validity (a last day or 长期) and, on a
 * purchase proxy, the purchaser's name and ID card number. `inList` places it inside a Form.List
 * (absent for a form of one licence); `disabledKinds` may disable some types.
 */
export function LicenceFields({
  inList,
  testId,
  disabledKinds = new Set<string>(),
}: {
  inList?: LicenceInList;
  testId: string;
  disabledKinds?: ReadonlySet<string>;
}) {
  // Inside a Form.List the items' names are relative to the list, while Form.useWatch reads the
  // whole form: it needs the list's name in front (without it the watch reads nothing, so 长期有效
  // never lifted the date rule and a proxy never showed its purchaser).
  const path = inList ? [inList.index] : [];
  const watched = inList ? [inList.list, inList.index] : [];
  const form = Form.useFormInstance();
  const kind = Form.useWatch([...watched, 'kind'], form) as string | undefined;
  const longTerm = Form.useWatch([...watched, 'long_term'], form) as boolean | undefined;
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Form.Item
        label="证件类型"
        name={[...path, 'kind']}
        rules={[{ required: true, message: '请选择证件类型' }]}
        style={{ width: 220 }}
      >
        <Select
          options={qualificationKinds.map((k) => ({
            value: k.code,
            label: k.name,
            disabled: disabledKinds.has(k.code),
          }))}
          placeholder="请选择"
          data-testid={`${testId}-kind`}
        />
      </Form.Item>
      <Form.Item
        label="证件编号"
        name={[...path, 'number']}
        rules={[
          { required: true, whitespace: true, message: '请输入证件编号' },
          { min: 4, max: 50, message: '证件编号为4-50位' },
        ]}
        style={{ width: 240 }}
      >
        <Input maxLength={50} data-testid={`${testId}-number`} />
      </Form.Item>
      <Form.Item label="发证机关" name={[...path, 'issuer']} style={{ width: 240 }}>
        <Input maxLength={60} placeholder="选填" data-testid={`${testId}-issuer`} />
      </Form.Item>
      <Form.Item
        label="有效期至"
        name={[...path, 'expires_on']}
        rules={[{ required: !longTerm, message: '请选择有效期，或勾选长期有效' }]}
      >
        <DatePicker
          disabled={longTerm}
          disabledDate={(d) => d.isBefore(dayjs().add(1, 'day'), 'day')}
          data-testid={`${testId}-expiry`}
        />
      </Form.Item>
      <Form.Item label=" " name={[...path, 'long_term']} valuePropName="checked">
        <Checkbox data-testid={`${testId}-long-term`}>长期有效</Checkbox>
      </Form.Item>
      {kind === 'proxy' && (
        <>
          <Form.Item
            label="采购人员姓名"
            name={[...path, 'holder_name']}
            rules={[
              { required: true, whitespace: true, min: 2, max: 20, message: '请填写委托书上的采购人员姓名' },
            ]}
            style={{ width: 160 }}
          >
            <Input maxLength={20} data-testid={`${testId}-holder-name`} />
          </Form.Item>
          <Form.Item
            label="采购人员身份证号码"
            name={[...path, 'holder_id_no']}
            rules={[
              { required: true, message: '请填写采购人员身份证号码' },
              {
                validator: (_, v?: string) =>
                  !v || idCardNumberOk(v.trim().toUpperCase())
                    ? Promise.resolve()
                    : Promise.reject(new Error('请填写正确的18位身份证号码')),
              },
            ]}
            style={{ width: 240 }}
          >
            <Input maxLength={18} data-testid={`${testId}-holder-id`} />
          </Form.Item>
        </>
      )}
    </div>
  );
}
