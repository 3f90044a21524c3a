import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Checkbox, Result, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { sameSitePath } from '../../../lib/redirect';
import { useContract, useSignContract } from '../api/contract';

/**
 * /dzht: the purchase contract. Code 459 ("contract not signed") and the 签署电子合同 prompts send
 * the buyer here with `?redirect=<where it was>`; after reading it and ticking the consent box the
 * buyer signs, then returns there (the cart when it came from nowhere).
 */
export default function ContractPage() {
  const contract = useContract();
  const sign = useSignContract();
  const [agreed, setAgreed] = useState(false);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = sameSitePath(params.get('redirect'), '/cart');

  if (contract.isPending) return <Skeleton active paragraph={{ rows: 12 }} style={{ padding: 24 }} />;
  if (!contract.data) return <Result status="warning" title="合同加载失败，请刷新页面重试" />;
  const data = contract.data;

  const onSign = async () => {
    try {
      await sign.mutateAsync();
    } catch (error) {
      const text = unreportedMessage(error, '签署失败，请稍候再试');
      if (text) message.error(text);
      return;
    }
    message.success('合同签署成功');
    navigate(back, { replace: true });
  };

  return (
    <Card style={{ margin: '16px 0' }} data-testid="contract-page">
      <Typography.Title level={2} style={{ textAlign: 'center', fontSize: 24 }}>
        {data.title}
      </Typography.Title>
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Typography.Text type="secondary">买方：{data.company}</Typography.Text>{' '}
        {data.signed ? (
          <Tag color="green">已签署 {data.signed_at?.slice(0, 10)}</Tag>
        ) : (
          <Tag color="orange">待签署</Tag>
        )}
      </div>
      <div
        style={{
          maxHeight: 480,
          overflowY: 'auto',
          padding: '8px 16px',
          background: '#fafafa',
          lineHeight: 1.9,
        }}
      >
        {data.paragraphs.map((paragraph) => (
          <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
        ))}
      </div>
      <div style={{ marginTop: 20, textAlign: 'center' }}>
        {data.signed ? (
          <Button type="primary" onClick={() => navigate(back)}>
            继续采购
          </Button>
        ) : (
          <>
            <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
              我已阅读并同意《{data.title}》的全部条款
            </Checkbox>
            <div style={{ marginTop: 12 }}>
              <Button
                type="primary"
                size="large"
                disabled={!agreed}
                loading={sign.isPending}
                onClick={onSign}
              >
                同意并签署
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
