import { useResourceListContext } from './context';
import { SearchBar } from './SearchBar';

/** The search bar of the list around it: keywords, the date range when the list has one, and its filters. */
export function ListSearchBar() {
  const list = useResourceListContext();
  return (
    <SearchBar query={list.query} onSearch={list.setQuery} onReset={list.reset} filters={list.filterFields} dateRange={list.dateRange} keywordsHint={list.keywordsHint} />
  );
}
