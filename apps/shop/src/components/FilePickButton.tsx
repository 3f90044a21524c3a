import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useRef } from 'react';

interface Props extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The chooser's filter, as the input's `accept`. */
  accept: string;
  /** The file the buyer chose; choosing the same file again calls it again. */
  onPick(file: File): void;
  children: ReactNode;
}

/**
 * A button that opens the file chooser for one file, in place of antd's Upload where no upload
 * list is shown (receipts, the quick order's sheet): Upload brings rc-upload, its list with
 * progress bars and their animations along, for what a hidden file input does.
 */
export function FilePickButton({ accept, onPick, children, ...button }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        // Inline, not the hidden attribute: antd Form's styles show every file input inside a form.
        style={{ display: 'none' }}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that the same file chosen again after a refusal is sent again.
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
