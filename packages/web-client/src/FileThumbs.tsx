import { Image, Space } from 'antd';

/** An uploaded file as the API serves it (GET /api/files/{id}, owner or operator only). */
export const fileUrl = (id: number) => `/api/files/${id}`;

interface Props {
  ids: number[];
  /** Alt text; numbered when there are several. */
  label: string;
  size?: number;
  /** `contain` for documents (a receipt must show whole, its seal included); photos fill the square. */
  fit?: 'cover' | 'contain';
  testId?: string;
}

/** Uploaded images as thumbnails; a click opens the preview with the others of the group. */
export function FileThumbs({ ids, label, size = 56, fit = 'cover', testId = 'file-thumb' }: Props) {
  if (!ids.length) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {ids.map((id, n) => (
          <Image
            key={id}
            src={fileUrl(id)}
            alt={`${label}${ids.length > 1 ? n + 1 : ''}`}
            width={size}
            height={size}
            style={{
              objectFit: fit,
              borderRadius: 4,
              border: '1px solid #f0f0f0',
              background: fit === 'contain' ? '#fafafa' : undefined,
            }}
            data-testid={testId}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** A PDF cannot be a thumbnail: it opens in a new tab. */
export function FileLink({ id, children }: { id: number; children: string }) {
  return (
    <a href={fileUrl(id)} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
