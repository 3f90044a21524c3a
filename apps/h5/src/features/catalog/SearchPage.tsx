import List from 'antd-mobile/es/components/list';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Screen } from '../../components/Screen';
import { fetchSuggestions, useCatalogCommon } from './api/catalog';
import { listHref } from './list-params';
import { rememberSearch, searchHistory } from './search-history';

/** Waits this long after the last key before asking for suggestions. */
const SUGGEST_DELAY_MS = 300;

export default function SearchPage() {
  const navigate = useNavigate();
  const common = useCatalogCommon();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [history, setHistory] = useState(() => searchHistory(localStorage));

  useEffect(() => {
    const key = text.trim();
    if (!key) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(key, controller.signal)
        .then(setSuggestions)
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const search = (keywords: string) => {
    const key = keywords.trim();
    if (!key) return;
    setHistory(rememberSearch(localStorage, key));
    navigate(listHref({ keywords: key }, key));
  };

  return (
    <Screen title="搜索">
      <div className="m-pad">
        <SearchBar
          placeholder="药品名称、通用名、拼音首字母"
          value={text}
          onChange={setText}
          onSearch={search}
          autoFocus
          showCancelButton={false}
        />
      </div>
      {suggestions.length ? (
        <List aria-label="搜索建议">
          {suggestions.map((s) => (
            <List.Item key={s} onClick={() => search(s)}>
              {s}
            </List.Item>
          ))}
        </List>
      ) : (
        <div className="m-pad">
          {history.length ? (
            <section className="m-chips">
              <h2>最近搜索</h2>
              {history.map((h) => (
                <button key={h} type="button" className="m-chip" onClick={() => search(h)}>
                  {h}
                </button>
              ))}
            </section>
          ) : null}
          {common.data?.rnss.length ? (
            <section className="m-chips">
              <h2>热门搜索</h2>
              {common.data.rnss.map((hot) => (
                <Link key={hot.name} className="m-chip" to={listHref({ keywords: hot.name }, hot.name)}>
                  {hot.name}
                </Link>
              ))}
            </section>
          ) : null}
        </div>
      )}
    </Screen>
  );
}
