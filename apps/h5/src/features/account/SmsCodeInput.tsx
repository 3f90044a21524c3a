import type { CreateCodeInput } from '@yaocai/domain';
import { MOBILE_PATTERN } from '@yaocai/domain/validation/contact';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useEffect, useState } from 'react';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useCreateCode } from './api/register';

const RESEND_SECONDS = 60;

interface Props {
  purpose: CreateCodeInput['type'];
  phone: string;
  value: string;
  onChange(code: string): void;
  /** Told the phone's message when the phone cannot receive a code (shown at the phone field). */
  onPhoneError(message: string): void;
}

/** 短信验证码 with 获取验证码 beside it, a 60-second countdown after a code was sent. */
export function SmsCodeInput({ purpose, phone, value, onChange, onPhoneError }: Props) {
  const send = useCreateCode();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onSend = async () => {
    const number = phone.trim();
    if (!MOBILE_PATTERN.test(number)) return onPhoneError(number ? '请输入正确的手机号码' : '请输入手机号码');
    try {
      await send.mutateAsync({ phone: number, type: purpose });
      toast('验证码已发送，请注意查收短信');
      setLeft(RESEND_SECONDS);
    } catch (error) {
      const text = unreportedMessage(error, '验证码发送失败', true);
      if (text) onPhoneError(text);
    }
  };

  return (
    <div className="m-sms">
      <Input
        placeholder="6位数字验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={onChange}
        aria-label="短信验证码"
      />
      <Button
        size="small"
        color="primary"
        fill="outline"
        onClick={onSend}
        loading={send.isPending}
        disabled={left > 0}
        data-testid="sms-send"
      >
        {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
      </Button>
    </div>
  );
}
