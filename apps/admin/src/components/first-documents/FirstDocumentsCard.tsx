import { beijingDateTimeText, firstDocumentNames, holdsPermission } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useFirstDocuments, useUploadFirstDocument } from './api';

/**
 * 首营资料 of a goods (goodsId) or of the platform company: the newest file of each name, and an
 * upload (质管, batches:write). Stores download them from the goods and their orders.
 */
export function FirstDocumentsCard({
  goodsId,
  permissions,
}: {
  goodsId?: number;
  permissions: readonly string[];
}) {
  const { message } = useFeedback();
  const names = goodsId ? firstDocumentNames.goods : firstDocumentNames.company;
  const [name, setName] = useState<string>(names[0]);
  const list = useFirstDocuments(goodsId);
  const upload = useUploadFirstDocument(goodsId);
  const canUpload = holdsPermission(permissions, 'batches:write');
  return (
    <Card
      title={goodsId ? '商品首营资料' : '企业首营资料'}
      style={{ marginTop: 16 }}
      data-testid={goodsId ? 'admin-goods-first-documents' : 'admin-company-first-documents'}
    >
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: '尚未上传' }}
        columns={[
          {
            title: '资料',
            dataIndex: 'name',
            render: (v: string, d) => <a href={`/api/admin/first-documents/${d.id}`}>{v}</a>,
          },
          { title: '上传时间', dataIndex: 'uploaded_at', render: (s: number) => beijingDateTimeText(s) },
        ]}
      />
      {canUpload && (
        <Space style={{ marginTop: 12 }}>
          <Select
            value={name}
            onChange={setName}
            options={names.map((n) => ({ value: n, label: n }))}
            style={{ width: 200 }}
            aria-label="资料名称"
          />
          <span data-testid="admin-first-document-upload">
            <Upload
              accept="application/pdf,image/jpeg,image/png"
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) =>
                upload
                  .mutateAsync({ name, file: file as File })
                  .then(() => {
                    message.success('首营资料已上传');
                    onSuccess?.(null);
                  })
                  .catch((error: Error) => onError?.(error))
              }
            >
              <Button loading={upload.isPending}>上传（PDF/JPG/PNG）</Button>
            </Upload>
          </span>
        </Space>
      )}
    </Card>
  );
}
