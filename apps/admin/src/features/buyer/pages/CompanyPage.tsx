import { scopeClassName } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Descriptions, Input, Result, Select, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { unreportedMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/me';
import { reviewStatusColors, reviewStatusLabels } from '../../../lib/review-labels';
import { useAssignServiceContact, useCompany, useSetCompanyStatus } from '../api/companies';

/** One buyer company: its standing, stores and licences; disable or enable it; assign its 专属客服. */
export default function CompanyPage() {
  const id = Number(useParams().id);
  const { message, modal } = useFeedback();
  const { data: company, isLoading } = useCompany(id);
  const status = useSetCompanyStatus();
  const assign = useAssignServiceContact();
  const [contactId, setContactId] = useState<number | null>(null);
  const canWrite = useCan('buyers:write');
  if (isLoading) return <Spin />;
  if (!company) return <Result status="404" title="企业不存在" />;
  const review = company.qualification_status as keyof typeof reviewStatusLabels;

  const toggle = () => {
    let reason = '';
    modal.confirm({
      title: company.disabled ? `启用「${company.name}」？` : `停用「${company.name}」？`,
      content: company.disabled ? undefined : (
        <Input.TextArea
          placeholder="停用原因（记入审计日志）"
          maxLength={200}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      onOk: () =>
        status
          .mutateAsync({ id, disabled: !company.disabled, reason })
          .then(() => void message.success(company.disabled ? '已启用' : '已停用')),
    });
  };

  return (
    <>
      <Card
        title={company.name}
        data-testid="admin-company"
        extra={
          <Space>
            <Tag color={reviewStatusColors[review]}>{reviewStatusLabels[review] ?? review}</Tag>
            {company.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>}
            {canWrite && (
              <Button danger={!company.disabled} onClick={toggle} data-testid="admin-company-toggle">
                {company.disabled ? '启用账号' : '停用账号'}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="企业类型">{company.type_name}</Descriptions.Item>
          <Descriptions.Item label="联系人">
            {company.contact_name} {company.contact_phone}
          </Descriptions.Item>
          <Descriptions.Item label="地址">{company.address}</Descriptions.Item>
          <Descriptions.Item label="电子合同">
            {company.contract_signed ? '已签署' : '未签署'}
          </Descriptions.Item>
          <Descriptions.Item label="经营范围" span={2}>
            {company.business_scope.map((code) => (
              <Tag key={code}>{scopeClassName(code)}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="专属客服" span={2}>
            <Space>
              <Select
                style={{ width: 220 }}
                placeholder="默认客服"
                disabled={!canWrite}
                value={contactId ?? company.service_contact_id ?? undefined}
                onChange={setContactId}
                options={company.service_contacts.map((c) => ({
                  value: c.id,
                  label: `${c.name} ${c.phone}`,
                }))}
                aria-label="专属客服"
              />
              {canWrite && (
                <Button
                  disabled={!contactId || contactId === company.service_contact_id}
                  onClick={() =>
                    contactId &&
                    assign
                      .mutateAsync({ id, service_contact_id: contactId })
                      .then(() => void message.success('已分配专属客服'))
                      .catch((error) => {
                        const text = unreportedMessage(error, '分配失败');
                        if (text) message.error(text);
                      })
                  }
                >
                  分配
                </Button>
              )}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="门店" style={{ marginTop: 16 }}>
        <Table
          rowKey="user_id"
          size="small"
          pagination={false}
          dataSource={company.stores}
          columns={[
            { title: '门店', dataIndex: 'store_name' },
            { title: '登录手机号', dataIndex: 'phone' },
          ]}
        />
      </Card>
      <Card
        title="资质证件"
        style={{ marginTop: 16 }}
        extra={<Link to={`/qualifications/${id}`}>去审核</Link>}
      >
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={company.documents}
          columns={[
            { title: '证件', dataIndex: 'kind_name' },
            { title: '编号', dataIndex: 'number' },
            { title: '有效期至', dataIndex: 'expires_on' },
            {
              title: '状态',
              render: (_, d) =>
                d.superseded_by
                  ? '已更正'
                  : (reviewStatusLabels[d.status as keyof typeof reviewStatusLabels] ?? d.status),
            },
            {
              title: '文件',
              render: (_, d) => (
                <a href={d.file_url} target="_blank" rel="noreferrer">
                  查看
                </a>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
