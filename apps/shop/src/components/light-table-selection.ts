import type { Key } from 'react';

// The check boxes of LightTable's `rowSelection`, as antd's Table keeps them: the header's box
// stands for the rows of the page shown that may be chosen; rows chosen on other pages stay chosen.

/** The header's box: checked when every row of the page that may be chosen is, mixed when some are. */
export function pageBoxState(selected: readonly Key[], selectable: readonly Key[]) {
  const chosen = selectable.filter((key) => selected.includes(key)).length;
  return {
    checked: selectable.length > 0 && chosen === selectable.length,
    indeterminate: chosen > 0 && chosen < selectable.length,
    disabled: selectable.length === 0,
  };
}

/** The choice after the header's box is set (every selectable row of the page added) or cleared. */
export function choosePage(selected: readonly Key[], selectable: readonly Key[], on: boolean): Key[] {
  return on
    ? [...selected, ...selectable.filter((key) => !selected.includes(key))]
    : selected.filter((key) => !selectable.includes(key));
}

/** The choice after one row's box is set or cleared. */
export function chooseRow(selected: readonly Key[], key: Key, on: boolean): Key[] {
  const without = selected.filter((k) => k !== key);
  return on ? [...without, key] : without;
}
