import { regionOptions } from '@yaocai/domain/order/regions';
import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import { useState } from 'react';

export type Region = [string, string, string];

/**
 * 所在地区: province, city and district from the same region data the PC shop's Cascader uses,
 * chosen on antd-mobile's wheel picker.
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
  return (
    <>
      <button
        type="button"
        className={value ? 'm-picker-field' : 'm-picker-field m-picker-field--empty'}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {value ? value.join(' ') : '请选择省 / 市 / 区'}
      </button>
      <CascadePicker
        title="选择所在地区"
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
    </>
  );
}
