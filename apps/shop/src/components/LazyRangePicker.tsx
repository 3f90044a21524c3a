import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense, useState } from 'react';
import './light-controls.css';

// antd's date picker (rc-picker, its panels and dayjs's Chinese locale) is the largest control of
// the pages that filter by dates; it loads when the buyer reaches for the field.
const RangePicker = lazy(() =>
  import('../lib/date-picker').then((m) => ({ default: m.DatePicker.RangePicker })),
);

/** The field as antd draws it, empty, until the picker's code has come. */
function StandIn({ disabled }: { disabled?: boolean }) {
  return (
    <span className="yc-range-standin">
      <input placeholder="开始日期" aria-label="开始日期" readOnly disabled={disabled} />
      <span aria-hidden="true">→</span>
      <input placeholder="结束日期" aria-label="结束日期" readOnly disabled={disabled} />
    </span>
  );
}

/**
 * antd's RangePicker, loaded on first hover, press or focus of its field (a stand-in of the same
 * look until then); the picker opens at once when it was pressed or focused.
 */
export function LazyRangePicker(props: RangePickerProps) {
  const [wanted, setWanted] = useState<'hover' | 'open'>();
  const hasValue = Boolean(props.value?.[0] || props.value?.[1]);
  if (!wanted && !hasValue)
    return (
      <span
        onPointerEnter={() => setWanted('hover')}
        onPointerDown={() => setWanted('open')}
        onFocus={() => setWanted('open')}
      >
        <StandIn disabled={props.disabled === true} />
      </span>
    );
  return (
    <Suspense fallback={<StandIn disabled={props.disabled === true} />}>
      <RangePicker
        {...props}
        autoFocus={wanted === 'open' || props.autoFocus}
        defaultOpen={wanted === 'open'}
      />
    </Suspense>
  );
}
