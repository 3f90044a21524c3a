import { regionOptions } from '@yaocai/domain/order/regions';
import { lazy, Suspense, useState } from 'react';

// The cascader (and the animation library under it) loads with the first tap on the field, not
// with the screen: it was a third of the registration screen's first load.
const Cascader = lazy(() => import('antd-mobile/es/components/cascader'));

export type Region = [string, string, string];

/**
 * 所在地区: province, city and district from the same region data the PC shop's Cascader uses,
 * chosen in antd-mobile's Cascader: a list a tap chooses from, level by level (a wheel of 34
 * provinces takes long flicks to reach 浙江省).
 */
export function RegionPicker({
  value,
  onChange,
  testId,
}: {
  value: Region | null;
  onChange(region: Region): void;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={value ? 'm-picker-field' : 'm-picker-field m-picker-field--empty'}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        data-testid={testId}
      >
        {value ? value.join(' ') : '请选择省 / 市 / 区'}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <Cascader
            title="选择所在地区"
            placeholder="请选择"
            options={regionOptions}
            visible={open}
            value={value ?? undefined}
            confirmText="确定"
            cancelText="取消"
            onClose={() => setOpen(false)}
            onConfirm={(picked) => {
              if (picked.length === 3 && picked.every(Boolean)) onChange(picked as Region);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
