import type { SearchType } from '@yaocai/domain';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Highlighted } from '../../components/Highlighted';
import { goodsOfBarcode } from './barcode-lookup';
import {
  isScannedBarcode,
  moveHighlight,
  normalizeKey,
  readKeyword,
  SEARCH_PLACEHOLDER,
  searchTypes,
  searchUrl,
  writeKeyword,
} from './search-logic';
import { useSuggestions } from './useSuggestions';

/** The header search box (spec 4): drug/manufacturer toggle, suggestions, keyboard rules. */
export function SearchBox({ compact = false }: { compact?: boolean }) {
  const navigate = useNavigate();
  const [initial] = useState(() => readKeyword(sessionStorage));
  const [key, setKey] = useState(initial.key);
  const [type, setType] = useState<SearchType>(initial.type);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const { list, loading, request } = useSuggestions();
  const listId = useId();

  const refresh = (nextKey: string, nextType: SearchType) => {
    setHighlight(-1);
    setOpen(request(nextKey, nextType));
  };

  const submit = (rawKey: string) => {
    const trimmed = normalizeKey(rawKey);
    setKey(trimmed);
    setOpen(false);
    writeKeyword(sessionStorage, trimmed, type);
    navigate(trimmed ? searchUrl(trimmed, type) : '/list');
  };

  /** A scanned barcode opens its goods; any other outcome (none, several, an error) searches it. */
  const openScanned = async (barcode: string) => {
    setOpen(false);
    const id = await goodsOfBarcode(barcode).catch(() => null);
    if (id === null) return submit(barcode);
    writeKeyword(sessionStorage, barcode, type);
    navigate(`/list/info/${id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return;
      setHighlight((current) => moveHighlight(current, event.key === 'ArrowDown' ? 1 : -1, list.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (isScannedBarcode(key)) void openScanned(key);
      else submit(open && highlight >= 0 && list[highlight] ? list[highlight].text : key);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className={compact ? 'sh-search sh-search--compact' : 'sh-search'}>
      <div className="sh-search__types">
        {searchTypes.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={type === option.value}
            className={type === option.value ? 'sh-search__type is-active' : 'sh-search__type'}
            onClick={() => {
              setType(option.value);
              refresh(key, option.value);
            }}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div className="sh-search__bar">
        <input
          data-testid={compact ? 'sticky-search-input' : 'header-search-input'}
          className="sh-search__input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          placeholder={SEARCH_PLACEHOLDER}
          value={key}
          maxLength={100}
          onChange={(event) => {
            setKey(event.target.value);
            refresh(event.target.value, type);
          }}
          onFocus={() => normalizeKey(key) && refresh(key, type)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <button type="button" className="sh-search__submit" onClick={() => submit(key)}>
          搜索
        </button>
        {open && (
          <div className="sh-search__suggestions" id={listId} role="listbox" aria-label="搜索建议">
            {loading && <div className="sh-search__hint">加载中...</div>}
            {!loading && list.length === 0 && <div className="sh-search__hint">暂无数据</div>}
            {!loading &&
              list.map((item, index) => (
                <div
                  key={item.text}
                  tabIndex={-1}
                  role="option"
                  aria-selected={index === highlight}
                  className={index === highlight ? 'sh-search__option is-active' : 'sh-search__option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setHighlight(index)}
                  onClick={() => submit(item.text)}
                >
                  <Highlighted text={item.text} ranges={item.hl} />
                </div>
              ))}
          </div>
        )}
      </div>
    </div>
  );
}
