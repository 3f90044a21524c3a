import type { LotteryPrize } from './api/lottery';

const COLOURS = ['#c62828', '#fa8c16', '#f2b705', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96'];

/** The wheel: one slice per prize, each labelled; `angle` is where it has turned to. */
export function LotteryWheel({ prizes, angle }: { prizes: LotteryPrize[]; angle: number }) {
  const n = Math.max(2, prizes.length);
  const point = (t: number, r: number) => `${50 + r * Math.sin(t)} ${50 - r * Math.cos(t)}`;
  return (
    <svg
      viewBox="0 0 100 100"
      className="m-lottery__wheel"
      style={{ transform: `rotate(${angle}deg)` }}
      aria-hidden="true"
    >
      <circle cx="50" cy="50" r="49.5" fill="#fff" />
      {Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * i) / n;
        const b = (2 * Math.PI * (i + 1)) / n;
        const mid = ((i + 0.5) * 360) / n;
        const label = prizes[i]?.name ?? '';
        return (
          <g key={prizes[i]?.id ?? `slice-${i}`}>
            <path
              d={`M50 50 L${point(a, 48)} A48 48 0 0 1 ${point(b, 48)} Z`}
              fill={COLOURS[i % COLOURS.length]}
            />
            <text
              x="50"
              y="14"
              fill="#fff"
              fontSize="5"
              textAnchor="middle"
              transform={`rotate(${mid} 50 50)`}
            >
              {label.length > 6 ? `${label.slice(0, 6)}…` : label}
            </text>
          </g>
        );
      })}
      <circle cx="50" cy="50" r="10" fill="#fff" stroke="#c62828" strokeWidth="2" />
    </svg>
  );
}
