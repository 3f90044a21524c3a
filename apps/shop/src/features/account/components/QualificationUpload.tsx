import { UploadOutlined } from '@ant-design/icons';
import type { UploadedFile } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { uploadFile } from '../api/upload';

const ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf';
const MAX_BYTES = 10 * 1024 * 1024;

interface Props {
  token?: string;
  value?: number;
  onChange?(fileId: number | undefined): void;
}

/** One licence file (image or PDF, 10 MB) uploaded through /api/upload; the form keeps its id. */
export function QualificationUpload({ token, value, onChange }: Props) {
  const { message } = useFeedback();
  const [list, setList] = useState<UploadFile[]>([]);

  return (
    <Upload
      accept={ACCEPT}
      maxCount={1}
      listType="picture"
      fileList={list}
      beforeUpload={(file) => {
        if (file.size > MAX_BYTES) {
          message.error('文件不能超过10MB');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          const uploaded = await uploadFile(file as File, token);
          onSuccess?.(uploaded);
        } catch (error) {
          // The HTTP client has already shown the refusal (e.g. 文件格式不支持).
          onError?.(error as Error);
        }
      }}
      onChange={({ file, fileList }) => {
        const uploaded = file.response as UploadedFile | undefined;
        setList(
          fileList
            .filter((f) => f.status !== 'error')
            .map((f) =>
              f.uid === file.uid && uploaded
                ? {
                    ...f,
                    url: uploaded.url,
                    thumbUrl: uploaded.mime.startsWith('image/') ? uploaded.url : undefined,
                  }
                : f,
            ),
        );
        if (file.status === 'done' && uploaded) onChange?.(uploaded.id);
        if (file.status === 'removed' || file.status === 'error') onChange?.(undefined);
      }}
    >
      {!value && <Button icon={<UploadOutlined />}>上传证件（图片或PDF）</Button>}
    </Upload>
  );
}
