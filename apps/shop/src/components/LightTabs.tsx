import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';

export interface LightTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

interface Props {
  items: LightTab[];
  /** The tab list's accessible name. */
  label: string;
  /** Controlled: the chosen tab (default: the first). */
  activeKey?: string;
  onChange?: (key: string) => void;
  /** `sh-tabs--price`: the red strip of the flash sale. */
  className?: string;
}

/**
 * Tabs as WAI-ARIA describes them (arrow keys, Home and End move between tabs; only the chosen
 * panel is rendered). For the pages' first screens, where antd's Tabs would bring its overflow
 * menu (rc-menu, rc-dropdown) along.
 */
export function LightTabs({ items, label, activeKey, onChange, className }: Props) {
  const id = useId();
  const [own, setOwn] = useState(items[0]?.key);
  const chosenKey = activeKey ?? own;
  const current = items.find((t) => t.key === chosenKey) ?? items[0];
  if (!current) return null;
  const tabId = (key: string) => `${id}-tab-${key}`;
  const choose = (key: string, focus = false) => {
    setOwn(key);
    onChange?.(key);
    if (focus) document.getElementById(tabId(key))?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose(items[(moves[event.key] + items.length) % items.length].key, true);
  };
  return (
    <div className={className ? `sh-tabs ${className}` : 'sh-tabs'}>
      <div className="sh-tabs__list" role="tablist" aria-label={label}>
        {items.map((tab, index) => {
          const selected = tab.key === current.key;
          return (
            <button
              key={tab.key}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'sh-tabs__tab is-active' : 'sh-tabs__tab'}
              onClick={() => choose(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(current.key)} className="sh-tabs__panel">
        {current.children}
      </div>
    </div>
  );
}
