import { beijingDateTimeText } from '@yaocai/domain/time/beijing';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Screen } from '../../components/Screen';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useUserBase } from '../../lib/user';
import { type DrawResult, type LotteryPrize, useDraw, useRunningLottery } from './api/lottery';
import { LotteryWheel } from './LotteryWheel';
import { stopAngle } from './wheel';
import './promotion.css';

/** How long the wheel turns (the CSS transition); no turn when the buyer asks for less motion. */
const SPIN_MS = 2000;

export const resultText = (r: Pick<DrawResult, 'name' | 'remarks' | 'kind'>) =>
  r.kind === 'none'
    ? '很遗憾，本次未中奖，谢谢参与'
    : `恭喜您，抽中${r.name}${r.remarks ? `（${r.remarks}）` : ''}`;

/** The slice the server's answer names (a 未中奖 answer stops on a 谢谢参与 slice when there is one). */
const sliceOf = (prizes: LotteryPrize[], r: DrawResult) => {
  const i = prizes.findIndex((p) => p.kind === r.kind && p.name === r.name);
  return i >= 0
    ? i
    : Math.max(
        0,
        prizes.findIndex((p) => p.kind === r.kind),
      );
};

/** 幸运抽奖: the running lottery's wheel; the server decides, the wheel only shows its answer. */
export default function LotteryPage() {
  const user = useUserBase();
  const signedIn = user.data?.is_login === true;
  const lottery = useRunningLottery();
  const draw = useDraw();
  const navigate = useNavigate();
  const [angle, setAngle] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);
  const timer = useRef<number>(undefined);

  const activity = lottery.data;
  const start = async () => {
    if (!activity || spinning) return;
    setResult(null);
    setSpinning(true);
    let answer: DrawResult;
    try {
      answer = await draw.mutateAsync(activity.id);
    } catch (error) {
      setSpinning(false);
      const text = unreportedMessage(error, '抽奖失败');
      if (text) toast(text);
      return;
    }
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    setAngle((from) => stopAngle(sliceOf(activity.prizes, answer), activity.prizes.length, 5, from));
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => {
        setSpinning(false);
        setResult(answer);
      },
      still ? 0 : SPIN_MS,
    );
  };

  const body = () => {
    if (lottery.isPending) return <DotLoading />;
    if (!activity) return <ErrorBlock status="empty" title="暂无进行中的抽奖活动" description="" />;
    const chances = result ? result.chances : activity.chances;
    return (
      <div className="m-lottery" data-testid="lottery">
        <h2 className="m-floor__title">{activity.name}</h2>
        {activity.remarks ? <p className="m-goods__meta">{activity.remarks}</p> : null}
        <div className="m-lottery__pointer" aria-hidden="true" />
        <LotteryWheel prizes={activity.prizes} angle={angle} />
        <p className="m-lottery__result" role="status" data-testid="lottery-result">
          {result ? resultText(result) : spinning ? '抽奖中…' : ''}
        </p>
        {signedIn ? (
          <Button
            block
            color="danger"
            size="large"
            disabled={!spinning && chances <= 0}
            loading={spinning}
            aria-busy={spinning}
            onClick={start}
            data-testid="lottery-draw"
          >
            {chances > 0 || spinning ? `立即抽奖（剩余${chances}次）` : '抽奖次数已用完'}
          </Button>
        ) : (
          <Button block color="danger" onClick={() => navigate('/login?redirect=%2Flottery')}>
            登录后抽奖
          </Button>
        )}
        <p className="m-goods__meta">
          {activity.rule_text}
          {activity.ends_at ? ` · ${beijingDateTimeText(activity.ends_at)} 结束` : ''}
        </p>
        <section className="m-lottery__prizes" aria-label="奖品">
          {activity.prizes.map((p) => (
            <span key={p.id} className="m-tag">
              {p.name}
            </span>
          ))}
        </section>
      </div>
    );
  };

  return (
    <Screen
      title="幸运抽奖"
      right={
        signedIn ? (
          <Link className="m-link" to="/prizes">
            我的奖品
          </Link>
        ) : null
      }
    >
      {body()}
    </Screen>
  );
}
