import { EyeOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import './file-thumbs.css';

/** An uploaded file as the API serves it (GET /api/files/{id}, owner or operator only). */
export const fileUrl = (id: number) => `/api/files/${id}`;

const loadPreview = () => import('./FilePreview');
const FilePreview = lazy(loadPreview);

interface Props {
  ids: number[];
  /** Alt text; numbered when there are several. */
  label: string;
  size?: number;
  /** `contain` for documents (a receipt must show whole, its seal included); photos fill the square. */
  fit?: 'cover' | 'contain';
  testId?: string;
}

/**
 * Uploaded images as thumbnails in antd Image's look; a click opens antd's preview with the others
 * of the group. The thumbnails are plain buttons and the preview (rc-image, about 10 KB on the
 * wire) is loaded when the pointer or focus reaches one, so a page that shows a photo does not
 * carry the viewer on its first load. Both SPAs
 * use it (the console's review dialogs and tables, the shop's after-sales and 求购 pages).
 */
export function FileThumbs({ ids, label, size = 56, fit = 'cover', testId = 'file-thumb' }: Props) {
  // The preview stays mounted once opened, so that closing it plays antd's closing motion.
  const [preview, setPreview] = useState<{ open: boolean; current: number }>();
  if (!ids.length) return <>-</>;
  return (
    <div className="yc-thumbs">
      {ids.map((id, n) => (
        <button
          key={id}
          type="button"
          className="yc-thumb"
          style={{ width: size, height: size }}
          data-testid={testId}
          onPointerEnter={loadPreview}
          onFocus={loadPreview}
          onClick={() => setPreview({ open: true, current: n })}
        >
          <img
            src={fileUrl(id)}
            alt={`${label}${ids.length > 1 ? n + 1 : ''}`}
            width={size}
            height={size}
            className="yc-thumb__img"
            style={{
              height: size,
              objectFit: fit,
              background: fit === 'contain' ? '#fafafa' : undefined,
            }}
          />
          <span className="yc-thumb__mask" aria-hidden="true">
            <span className="yc-thumb__mask-info">
              <EyeOutlined />
              预览
            </span>
          </span>
        </button>
      ))}
      {preview && (
        <Suspense fallback={null}>
          <FilePreview
            urls={ids.map(fileUrl)}
            open={preview.open}
            current={preview.current}
            onChange={(current) => setPreview({ open: true, current })}
            onClose={() => setPreview((shown) => shown && { ...shown, open: false })}
          />
        </Suspense>
      )}
    </div>
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
