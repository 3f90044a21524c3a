import { defaultTaxOf, taxClassifications, vatRates } from '@yaocai/domain';
import { Col, Form, Select } from 'antd';

/**
 * 税收分类编码 and 税率 of the goods' invoice lines. Empty: the business-scope class's default
 * (the category's configuration, domain defaultTaxOf), shown as the placeholder.
 */
export function TaxFields() {
  const scope = Form.useWatch<string | undefined>('scope_class');
  const kind = Form.useWatch<string | undefined>('kind');
  const fallback = defaultTaxOf(scope ?? '', kind);
  const named = taxClassifications.find((c) => c.code === fallback.code);
  return (
    <>
      <Col span={10}>
        <Form.Item name="tax_code" label="税收分类编码" extra="开票时商品名称前显示编码简称，如 *中成药*">
          <Select
            allowClear
            data-testid="admin-goods-tax-code"
            placeholder={`按经营范围类别：${named?.short ?? ''} ${fallback.code}`}
            options={taxClassifications.map((c) => ({ value: c.code, label: `${c.short} ${c.code}` }))}
          />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="tax_rate" label="税率">
          <Select
            allowClear
            data-testid="admin-goods-tax-rate"
            placeholder={`按编码默认：${fallback.rate}%`}
            options={vatRates.map((r) => ({ value: r, label: `${r}%` }))}
          />
        </Form.Item>
      </Col>
    </>
  );
}
