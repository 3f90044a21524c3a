import { WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Popconfirm, Result } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { useUserBase } from '../../../layout/api/user-base';
import { queryKeys } from '../../../lib/query-keys';
import { useUnbindWechat } from '../api/wechat';
import { RESUME_PARAM, WechatQr } from '../components/WechatQr';

/** /bdwx 绑定微信: bind the store's WeChat (then log in by scanning), or unbind it. */
export default function BindWechatPage() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const { user } = useUserBase(true);
  const unbind = useUnbindWechat();
  const [params, setParams] = useSearchParams();
  // Back from WeChat's QR page (?wx=): the binding completes here. While binding, the QR (or the
  // resumed ticket) stays until its poll answers, even if user/base says 已绑定 first.
  const [binding, setBinding] = useState(params.has(RESUME_PARAM));
  const bound = user.wechat === '已绑定';

  const done = useCallback(
    (state: string) => {
      setBinding(false);
      setParams(
        (p) => {
          p.delete(RESUME_PARAM);
          return p;
        },
        { replace: true },
      );
      if (state === 'bound') {
        message.success('绑定成功，下次可用微信扫码登录');
        void client.invalidateQueries({ queryKey: queryKeys.userBase });
      }
    },
    [client, message, setParams],
  );

  return (
    <Card className="sh-container" title="绑定微信" data-testid="bind-wechat-page">
      {binding ? (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
          <WechatQr purpose="bind" onDone={done} />
        </div>
      ) : bound ? (
        <div data-testid="wechat-bound">
          <Result
            icon={<WechatOutlined style={{ color: '#07c160' }} />}
            title="已绑定微信"
            subTitle="可在登录页使用微信扫码登录本门店账号"
            extra={
              <Popconfirm
                title="解除后将不能用微信登录，确定解除？"
                onConfirm={() => unbind.mutate(undefined, { onSuccess: () => message.success('已解除绑定') })}
              >
                <Button danger loading={unbind.isPending} data-testid="wechat-unbind">
                  解除绑定
                </Button>
              </Popconfirm>
            }
          />
        </div>
      ) : (
        <Result
          icon={<WechatOutlined style={{ color: '#707070' }} />}
          title="尚未绑定微信"
          subTitle="绑定后可使用微信扫码登录，无需输入密码"
          extra={
            <Button type="primary" onClick={() => setBinding(true)} data-testid="wechat-bind">
              绑定微信
            </Button>
          }
        />
      )}
    </Card>
  );
}
