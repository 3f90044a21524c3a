import type { UploadedFile } from '@yaocai/domain';
import { useId, useState } from 'react';
import { unreportedMessage } from '../lib/http';
import { toast } from '../lib/toast';

export interface Photo {
  id: number;
  url: string;
}

const MAX_BYTES = 10 * 1024 * 1024;

interface Props {
  label: string;
  value: Photo[];
  onChange(photos: Photo[]): void;
  max: number;
  upload(file: File): Promise<UploadedFile>;
  /** Told when uploads start and end (a form waits for them before it sends). */
  onBusy?(busy: boolean): void;
  testId?: string;
}

/**
 * Photos taken with the phone's camera (or picked from its album), each uploaded as soon as it is
 * taken; the form sends their ids. The camera opens from a plain file input (`capture`), which
 * every phone browser supports without asking for camera permission.
 */
export function PhotoInput({ label, value, onChange, max, upload, onBusy, testId }: Props) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);

  const onFiles = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []).slice(0, max - value.length);
    event.target.value = '';
    if (!files.length) return;
    setBusy(true);
    onBusy?.(true);
    const added: Photo[] = [];
    for (const file of files) {
      if (file.size > MAX_BYTES) {
        toast('图片不能超过10MB');
        continue;
      }
      try {
        const uploaded = await upload(file);
        // The preview is the phone's own picture: the upload's URL may need a session it has not yet.
        added.push({ id: uploaded.id, url: URL.createObjectURL(file) });
      } catch (error) {
        toast(unreportedMessage(error, '上传失败', true) ?? '上传失败');
      }
    }
    setBusy(false);
    onBusy?.(false);
    onChange([...value, ...added]);
  };

  return (
    <div className="m-photos" aria-busy={busy} data-testid={testId}>
      {value.map((photo, index) => (
        <figure key={photo.id} className="m-photos__item">
          <img src={photo.url} alt={`${label}${index + 1}`} width={72} height={72} />
          <button
            type="button"
            className="m-photos__remove"
            aria-label={`删除${label}${index + 1}`}
            onClick={() => onChange(value.filter((p) => p.id !== photo.id))}
          >
            ×
          </button>
        </figure>
      ))}
      {value.length < max ? (
        <label className="m-photos__add" htmlFor={inputId}>
          <span aria-hidden="true">＋</span>
          {busy ? '上传中…' : '拍照上传'}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            multiple={max - value.length > 1}
            onChange={onFiles}
            disabled={busy}
            aria-label={`拍摄${label}`}
          />
        </label>
      ) : null}
    </div>
  );
}
