import { DeleteOutlined, EyeOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { UploadedFile } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { type DragEvent, useRef, useState } from 'react';
import { http } from '../lib/http';
import './photo-upload.css';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp';
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export interface Photo {
  id: number;
  name: string;
  /** Where the API serves it (the upload's answer). */
  url: string;
}

/** POST /api/upload (multipart) as the logged-in store. */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<UploadedFile>('/api/upload', form);
}

/** A dropped file the chooser would have offered (its `accept`), as antd's Upload filters them. */
const isPhoto = (file: File) =>
  PHOTO_TYPES.includes(file.type) ||
  PHOTO_ACCEPT.split(',').some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * Pictures uploaded one by one as the store picks (or drops) them: after-sales proof, feedback,
 * item requests, the avatar; the form sends their ids. Drawn as antd's Upload picture cards (a
 * thumbnail with preview and delete on hover, the dashed card that adds one), without antd's
 * Upload, which brought rc-upload, its list's progress bars and tooltips (about 20 KB on the
 * wire). A refused file is reported by the HTTP client (422 toast) and stays out.
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
  const chooser = useRef<HTMLInputElement>(null);
  // An upload ends after the list may have changed (another upload, a delete): it adds to that.
  const latest = useRef(value);
  latest.current = value;
  const busy = (delta: number) =>
    setUploading((n) => {
      onBusy?.(n + delta);
      return n + delta;
    });
  const upload = (file: File) => {
    if (file.size > MAX_PHOTO_BYTES) {
      message.error('单张照片不能超过10MB');
      return;
    }
    busy(1);
    uploadPicture(file)
      .then(
        (up) => onChange([...latest.current, { id: up.id, name: up.name, url: up.url }]),
        // The HTTP client has told the store why.
        () => undefined,
      )
      .finally(() => busy(-1));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const file = [...event.dataTransfer.files].find(isPhoto);
    if (file) upload(file);
  };
  return (
    <div className="yc-photos" data-testid={testId}>
      {value.map((photo) => (
        <div key={photo.id} className="yc-photo">
          <a className="yc-photo__thumb" href={photo.url} target="_blank" rel="noopener noreferrer">
            <img src={photo.url} alt={photo.name} />
          </a>
          <span className="yc-photo__actions">
            <a
              href={photo.url}
              target="_blank"
              rel="noopener noreferrer"
              title="预览文件"
              aria-label="预览文件"
            >
              <EyeOutlined />
            </a>
            <button
              type="button"
              title="删除文件"
              aria-label="删除文件"
              onClick={() => onChange(latest.current.filter((p) => p.id !== photo.id))}
            >
              <DeleteOutlined />
            </button>
          </span>
        </div>
      ))}
      {value.length + uploading < max && (
        <button
          type="button"
          className="yc-photo-add"
          onClick={() => chooser.current?.click()}
          onDragOver={(event) => event.preventDefault()}
          onDrop={onDrop}
        >
          <span className="yc-photo-add__label">
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <span className="yc-photo-add__text">上传照片</span>
          </span>
        </button>
      )}
      <input
        ref={chooser}
        type="file"
        accept={PHOTO_ACCEPT}
        // Not `hidden`: inside antd's Form its reset shows every file input (display: block).
        style={{ display: 'none' }}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that the same picture chosen again is sent again.
          event.target.value = '';
          if (file) upload(file);
        }}
      />
    </div>
  );
}
