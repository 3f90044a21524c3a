import { Image, Space } from 'antd';

export const fileUrl = (id: number) => `/api/files/${id}`;

/** Uploaded photos as thumbnails; a click opens the preview with the others of the group. */
export function Photos({ ids, size = 72 }: { ids: number[]; size?: number }) {
  if (!ids.length) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {ids.map((id, n) => (
          <Image
            key={id}
            src={fileUrl(id)}
            alt={`凭证照片${n + 1}`}
            width={size}
            height={size}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            data-testid="photo-thumb"
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
