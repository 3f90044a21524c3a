import { ApiError } from '@yaocai/web-client';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { templateUrl, useImportGoods } from '../api/goods';

interface Problem {
  key: string;
  where: string;
  message: string;
}

/** The 422 of an import names each problem as `第N行 列名`; list them for the operator. */
function problemsOf(error: unknown): Problem[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  return Object.entries(errors).flatMap(([where, messages]) =>
    messages.map((message, i) => ({ key: `${where}-${i}`, where, message })),
  );
}

/** Import goods from the template: all rows or none, with every bad row and column listed. */
export function ImportGoodsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const run = useImportGoods();
  const [file, setFile] = useState<File | null>(null);
  const problems = problemsOf(run.error);
  const close = () => {
    run.reset();
    setFile(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title="导入商品"
      width={720}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>关闭</Button>
          <Button
            type="primary"
            disabled={!file}
            loading={run.isPending}
            onClick={() => file && run.mutate(file)}
            data-testid="admin-goods-import-run"
          >
            开始导入
          </Button>
        </Space>
      }
    >
      <p>
        按模板填写后上传（.xlsx，一次最多5000行）。商品编码留空为新建，填写已有编码为修改。任何一行有错都不会导入。
        <a href={templateUrl}>下载导入模板</a>
      </p>
      <Upload
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          run.reset();
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button>选择文件</Button>
      </Upload>
      {run.isSuccess && (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          message={`导入成功：新建${run.data.created}个，修改${run.data.updated}个（新建的商品为下架状态，添加批号库存后上架）`}
        />
      )}
      {run.isError && (
        <div style={{ marginTop: 16 }} data-testid="admin-goods-import-problems">
          <Alert type="error" showIcon message={(run.error as Error).message} />
          {problems.length > 0 && (
            <Table
              size="small"
              rowKey="key"
              style={{ marginTop: 8 }}
              pagination={{ pageSize: 8 }}
              dataSource={problems}
              columns={[
                { title: '位置', dataIndex: 'where', width: 180 },
                { title: '问题', dataIndex: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
