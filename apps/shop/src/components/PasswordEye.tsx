import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';

/** The eye inside a password box that shows and hides what was typed (antd Input.Password's). */
export function PasswordEye({
  shown,
  onToggle,
  className,
}: {
  shown: boolean;
  onToggle(): void;
  className: string;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={shown ? '隐藏密码' : '显示密码'}
      aria-pressed={shown}
      onClick={onToggle}
    >
      {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
    </button>
  );
}
