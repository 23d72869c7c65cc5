import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { LAYOUT_TEXT } from '../messages';
import { useLayoutRoutes, useRouteTitle } from '../routes';
import { createRouteSearch, searchEntries } from './routeSearch';

/** The magnifier in the header: opens a fuzzy search over the pages the user may see; choosing one goes there. */
export function HeaderSearch() {
  const routes = useLayoutRoutes();
  const title = useRouteTitle();
  const navigate = useNavigate();
  const fuse = useMemo(() => createRouteSearch(searchEntries(routes, title)), [routes, title]);
  const [shown, setShown] = useState(false);
  const [query, setQuery] = useState('');
  const options = query ? fuse.search(query).map(({ item }) => ({ value: item.path, label: item.title.join(' > ') })) : [];

  const close = () => {
    setShown(false);
    setQuery('');
  };

  return (
    <div className={`header-search${shown ? ' show' : ''}`}>
      <button type="button" className="navbar-button" aria-label={LAYOUT_TEXT.search} onClick={() => (shown ? close() : setShown(true))}>
        <SearchOutlined />
      </button>
      {shown && (
        <Select
          className="header-search-select"
          autoFocus
          value={null}
          placeholder={LAYOUT_TEXT.searchPlaceholder}
          showSearch={{ searchValue: query, onSearch: setQuery, filterOption: false }}
          options={options}
          notFoundContent={null}
          suffixIcon={null}
          virtual={false}
          onChange={(path: string) => {
            close();
            void navigate(path);
          }}
          onBlur={close}
        />
      )}
    </div>
  );
}
