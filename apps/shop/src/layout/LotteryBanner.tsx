import { CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '@yaocai/web-client/feedback';
import { useEffect, useRef, useState } from 'react';
import {
  type DrawResult,
  drawOnce,
  lotteryKeys,
  useLotteryActivity,
  useSimpleLottery,
} from '../features/points/api/lottery';
import { queryKeys } from '../lib/query-keys';

/** Routes that never show the lottery banner (spec section 4). */
export const LOTTERY_HIDDEN_ROUTES = [
  'activity_lq',
  'activity_gq',
  'activity_yhhg',
  'eleven_gq',
  'eleven_big',
  'eleven_big_app',
  'live',
] as const;
export const showsLotteryBanner = (routeName: string | undefined) =>
  !LOTTERY_HIDDEN_ROUTES.includes(routeName as (typeof LOTTERY_HIDDEN_ROUTES)[number]);

/** Spec section 9: the result shows 2 s after the draw starts; the banner closes over 1 s. */
export const LOTTERY_RESULT_DELAY_MS = 2000;
export const LOTTERY_CLOSE_MS = 1000;
export const LOTTERY_CLOSED_KEY = 'yaocai.lotteryClosed';

export const winMessage = (r: { name: string; remarks: string; kind: string }) =>
  r.kind === 'none' ? '很遗憾 , 本次未中奖 , 谢谢参与' : `恭喜您 , 抽中${r.name} ( ${r.remarks} )`;
export const CLOSE_DURING_DRAW = '抽奖进行中 , 如果关闭后未出结果 , 请移步至个人中心查看结果。';

const COLOURS = ['#c62828', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96'];

/** The wheel: one slice per prize (eight when the prizes are not known yet). */
function Wheel({ slices, size = 96 }: { slices: number; size?: number }) {
  const n = Math.max(2, Math.min(12, slices || 8));
  const paths = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const b = (2 * Math.PI * (i + 1)) / n;
    const p = (t: number) => `${50 + 48 * Math.sin(t)} ${50 - 48 * Math.cos(t)}`;
    return <path key={i} d={`M50 50 L${p(a)} A48 48 0 0 1 ${p(b)} Z`} fill={COLOURS[i % COLOURS.length]} />;
  });
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true" className="sh-lottery__wheel">
      <circle cx="50" cy="50" r="49" fill="#fff" />
      {paths}
      <circle cx="50" cy="50" r="12" fill="#fff" stroke="#c41d7f" strokeWidth="3" />
    </svg>
  );
}

/**
 * The bottom-right lottery banner (spec sections 4 and 9): shown only when /api/draw/simple
 * says is_join 0; clicking the wheel draws (the server picks), the result alert comes 2 s after;
 * closing during a draw asks first; once closed it is not asked for again this session.
 *
 * It lives in the side bar and never lies over the 1200 px page: where the right gutter holds the
 * card beside the bar (layout.css, 1584 px and wider) the card shows there; narrower, the bar shows
 * a 抽奖 tab that opens the card on request (issue 30: it covered the list's view switch, the fifth
 * goods card and the detail page's lower right at 1366 px).
 */
export function LotteryBanner() {
  const { modal } = useFeedback();
  const client = useQueryClient();
  const [closed, setClosed] = useState(() => sessionStorage.getItem(LOTTERY_CLOSED_KEY) === '1');
  const [closing, setClosing] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const dismissed = useRef(false);
  // While the close confirmation is open, a result that arrives waits for its answer.
  const asking = useRef(false);
  const pending = useRef<DrawResult | null>(null);
  const simple = useSimpleLottery(!closed);
  const lottery = simple.data && simple.data.is_join === 0 ? simple.data : null;
  const activity = useLotteryActivity(lottery?.id);
  useEffect(
    () => () => {
      dismissed.current = true;
    },
    [],
  );

  if (closed || !lottery) return null;

  const dismiss = () => {
    dismissed.current = true;
    sessionStorage.setItem(LOTTERY_CLOSED_KEY, '1');
    setClosing(true);
    window.setTimeout(() => setClosed(true), LOTTERY_CLOSE_MS);
  };
  const showResult = (result: DrawResult) =>
    modal.info({
      title: '抽奖结果',
      content: <span data-testid="lottery-result">{winMessage(result)}</span>,
      okText: '知道了',
      onOk: () => {
        client.invalidateQueries({ queryKey: ['draw'] });
        client.invalidateQueries({ queryKey: queryKeys.userBase });
      },
    });
  const close = () => {
    if (!drawing) return dismiss();
    asking.current = true;
    modal.confirm({
      title: '提示',
      content: CLOSE_DURING_DRAW,
      okText: '关闭',
      cancelText: '取消',
      onOk: () => {
        asking.current = false;
        pending.current = null;
        dismiss();
      },
      onCancel: () => {
        asking.current = false;
        const result = pending.current;
        pending.current = null;
        if (result) showResult(result);
      },
    });
  };
  const start = async () => {
    if (drawing) return;
    setDrawing(true);
    const started = Date.now();
    try {
      const result = await drawOnce(lottery.id);
      await new Promise((resolve) =>
        window.setTimeout(resolve, Math.max(0, LOTTERY_RESULT_DELAY_MS - (Date.now() - started))),
      );
      if (dismissed.current) return;
      if (asking.current) pending.current = result;
      else showResult(result);
    } catch {
      // The HTTP client has shown the refusal (no draw left, the lottery ended).
      client.invalidateQueries({ queryKey: lotteryKeys.simple });
    } finally {
      setDrawing(false);
    }
  };

  const classes = [
    'sh-lottery',
    expanded && 'is-expanded',
    closing && 'sh-lottery--closing',
    drawing && 'sh-lottery--drawing',
  ];
  return (
    <>
      <button
        type="button"
        className="sh-sidebar__btn sh-lottery-tab"
        onClick={() => setExpanded(!expanded)}
        aria-expanded={expanded}
        aria-controls="sh-lottery"
        title="幸运抽奖"
        data-testid="lottery-tab"
      >
        <Wheel slices={8} size={20} />
        <span className="sh-sidebar__vert">抽奖</span>
      </button>
      <aside
        id="sh-lottery"
        className={classes.filter(Boolean).join(' ')}
        style={{ transitionDuration: `${LOTTERY_CLOSE_MS}ms` }}
        aria-label="幸运抽奖"
        data-testid="lottery-banner"
      >
        <button
          type="button"
          className="sh-lottery__close"
          aria-label="关闭抽奖"
          onClick={close}
          data-testid="lottery-close"
        >
          <CloseOutlined />
        </button>
        <button
          type="button"
          className="sh-lottery__start"
          onClick={start}
          aria-busy={drawing}
          data-testid="lottery-wheel"
          title={activity.data?.rule_text}
        >
          <Wheel slices={activity.data?.prizes.length ?? 8} />
          <span className="sh-lottery__label">
            {drawing ? '抽奖中…' : (activity.data?.name ?? '幸运大转盘')}
          </span>
          <span className="sh-lottery__hint">点击转盘抽奖</span>
        </button>
      </aside>
    </>
  );
}
