import { Image } from 'antd';

interface Props {
  urls: string[];
  open: boolean;
  current: number;
  onChange(current: number): void;
  onClose(): void;
}

/** antd's image preview (zoom, rotate, the group's arrows) of FileThumbs, loaded on demand. */
export default function FilePreview({ urls, open, current, onChange, onClose }: Props) {
  return (
    <Image.PreviewGroup
      items={urls}
      preview={{
        visible: open,
        current,
        onChange,
        onVisibleChange: (visible) => {
          if (!visible) onClose();
        },
      }}
    />
  );
}
