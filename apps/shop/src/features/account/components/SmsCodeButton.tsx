import type { CreateCodeInput } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useCreateCode } from '../api/create-code';

const RESEND_SECONDS = 60;

interface Props {
  purpose: CreateCodeInput['type'];
  /** Validates and returns the phone field; undefined when it is not valid yet. */
  getPhone(): Promise<string | undefined>;
}

/** 获取验证码 with a 60-second countdown after a successful send. */
export function SmsCodeButton({ purpose, getPhone }: Props) {
  const { message } = useFeedback();
  const send = useCreateCode();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    const phone = await getPhone();
    if (!phone) return;
    try {
      await send.mutateAsync({ phone, type: purpose });
      message.success('验证码已发送，请注意查收短信');
      setLeft(RESEND_SECONDS);
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  return (
    <Button
      data-testid="sms-send"
      onClick={onClick}
      loading={send.isPending}
      disabled={left > 0}
      style={{ width: 130 }}
    >
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
