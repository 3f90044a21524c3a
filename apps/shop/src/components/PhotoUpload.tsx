import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { UploadedFile } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { fileUrl } from '@yaocai/web-client/files';
import { Upload } from 'antd';
import { useState } from 'react';
import { http } from '../lib/http';

const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp';
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export interface Photo {
  id: number;
  name: string;
}

/** POST /api/upload (multipart) as the logged-in store. */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<UploadedFile>('/api/upload', form);
}

/**
 * Pictures uploaded one by one as the store picks them (after-sales proof, feedback); the form
 * sends their ids. A refused file is reported by the HTTP client (422 toast) and stays out.
 */
export function PhotoUpload({
  value,
  onChange,
  max,
  onBusy,
  testId,
}: {
  value: Photo[];
  onChange(photos: Photo[]): void;
  max: number;
  /** Told how many uploads are under way (a form waits for 0 before sending). */
  onBusy?(uploading: number): void;
  testId?: string;
}) {
  const { message } = useFeedback();
  const [uploading, setUploading] = useState(0);
  const busy = (delta: number) =>
    setUploading((n) => {
      onBusy?.(n + delta);
      return n + delta;
    });
  return (
    <Upload
      accept={PHOTO_ACCEPT}
      listType="picture-card"
      fileList={value.map((p) => ({
        uid: String(p.id),
        name: p.name,
        status: 'done' as const,
        url: fileUrl(p.id),
        thumbUrl: fileUrl(p.id),
      }))}
      onRemove={(f) => onChange(value.filter((p) => String(p.id) !== f.uid))}
      beforeUpload={(file) => {
        if (file.size > MAX_PHOTO_BYTES) {
          message.error('单张照片不能超过10MB');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        busy(1);
        uploadPicture(file as File)
          .then((up) => {
            onChange([...value, { id: up.id, name: up.name }]);
            onSuccess?.(up);
          }, onError)
          .finally(() => busy(-1));
      }}
      data-testid={testId}
    >
      {value.length + uploading < max && (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          {uploading ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 8 }}>上传照片</div>
        </button>
      )}
    </Upload>
  );
}
