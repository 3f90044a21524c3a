import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import './candidate-select.css';

// antd's Select (rc-select, its virtual list and popup, the form context) is needed only when a
// pasted line matched more than one goods: it loads when such a line is first shown.
const Select = lazy(() => import('antd/es/select'));

interface Props {
  line: number;
  placeholder: string;
  value: number | undefined;
  options: { value: number; label: string }[];
  onChange: (goodsId: number) => void;
}

/** The closed select as antd draws it, until its code has come; pressed or focused, it opens then. */
function StandIn({ line, placeholder, onWant }: Pick<Props, 'line' | 'placeholder'> & { onWant(): void }) {
  return (
    <span
      className="yc-select-standin"
      role="combobox"
      aria-label={`选择第${line}行的商品`}
      aria-expanded={false}
      tabIndex={0}
      onPointerDown={onWant}
      onFocus={onWant}
    >
      <span className="yc-select-standin__placeholder">{placeholder}</span>
      <DownOutlined className="yc-select-standin__arrow" />
    </span>
  );
}

/** The choice among the goods a quick order's line matched (antd's Select, loaded lazily). */
export function CandidateSelect({ line, placeholder, value, options, onChange }: Props) {
  const [wanted, setWanted] = useState(false);
  return (
    <Suspense fallback={<StandIn line={line} placeholder={placeholder} onWant={() => setWanted(true)} />}>
      <Select
        style={{ width: '100%', minWidth: 260 }}
        placeholder={placeholder}
        value={value}
        // The lazy component's props are not generic: its values are the options' goods ids.
        onChange={(goodsId) => onChange(goodsId as number)}
        options={options}
        aria-label={`选择第${line}行的商品`}
        data-testid="quick-order-choose"
        autoFocus={wanted}
        defaultOpen={wanted}
      />
    </Suspense>
  );
}
