import { PlusOutlined } from '@ant-design/icons';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Upload } from 'antd';

interface Props {
  value?: string[];
  onChange?(next: string[]): void;
  max: number;
  label: string;
  /** Uploads one picture; answers its public address. */
  upload(file: File): Promise<{ url: string }>;
}

/** Pictures (a goods' list image and gallery, a banner), uploaded as they are chosen. */
export function ImagesField({ value = [], onChange, max, label, upload }: Props) {
  const { message } = useFeedback();
  return (
    <Upload
      accept="image/png,image/jpeg,image/webp"
      listType="picture-card"
      fileList={value.map((url) => ({ uid: url, name: url, status: 'done' as const, url }))}
      onRemove={(file) => onChange?.(value.filter((url) => url !== file.url))}
      beforeUpload={(file) => {
        if (file.size > 2 * 1024 * 1024) {
          message.error('图片不能超过2MB');
          return Upload.LIST_IGNORE;
        }
        upload(file)
          .then((image) => onChange?.([...value, image.url].slice(-max)))
          .catch(() => {});
        return false;
      }}
    >
      {value.length < max && (
        <button type="button" aria-label={`上传${label}`} style={{ border: 0, background: 'none' }}>
          <PlusOutlined />
          <div>{label}</div>
        </button>
      )}
    </Upload>
  );
}
