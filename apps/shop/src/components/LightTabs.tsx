import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import './light-tabs.css';

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
  /**
   * `sh-tabs--price`: the red strip of the flash sale; `sh-tabs--line`: antd's line tabs (the
   * member pages that had antd's Tabs).
   */
  className?: string;
  /** Beside the tabs, at the right end of their bar (antd's `tabBarExtraContent`). */
  extra?: ReactNode;
  /**
   * As antd's Tabs: a panel left through the tab bar stays mounted, hidden, so what was typed or
   * chosen in it is there on coming back. Without it only the chosen panel is rendered.
   */
  keepVisited?: boolean;
}

/**
 * Tabs as WAI-ARIA describes them (arrow keys, Home and End move between tabs; only the chosen
 * panel is rendered). For the pages' first screens, where antd's Tabs would bring its overflow
 * menu (rc-menu, rc-dropdown) along.
 */
export function LightTabs({ items, label, activeKey, onChange, className, extra, keepVisited }: Props) {
  const id = useId();
  const [own, setOwn] = useState(items[0]?.key);
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const chosenKey = activeKey ?? own;
  const current = items.find((t) => t.key === chosenKey) ?? items[0];
  if (!current) return null;
  const mounted = keepVisited ? items.filter((t) => t.key === current.key || visited.has(t.key)) : [current];
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => (keepVisited ? `${id}-panel-${key}` : `${id}-panel`);
  const choose = (key: string, focus = false) => {
    if (keepVisited) setVisited((seen) => new Set(seen).add(current.key));
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
      <div className="sh-tabs__bar">
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
                aria-controls={
                  mounted.some((t) => t.key === tab.key) || !keepVisited ? panelId(tab.key) : undefined
                }
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
        {extra && <div className="sh-tabs__extra">{extra}</div>}
      </div>
      {mounted.map((tab) => (
        <div
          // Without keepVisited one panel stays mounted across tabs, as before (its children keep state).
          key={keepVisited ? tab.key : 'panel'}
          id={panelId(tab.key)}
          role="tabpanel"
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== current.key}
          className="sh-tabs__panel"
        >
          {tab.children}
        </div>
      ))}
    </div>
  );
}
