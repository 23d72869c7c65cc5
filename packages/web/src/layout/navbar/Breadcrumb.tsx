import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { findRouteChain, useLayoutRoutes, useRouteTitle } from '../routes';
import { buildCrumbs } from './breadcrumbs';

/** Where the user is: 首页 / parent / page, parents linking to their first page. */
export function Breadcrumb() {
  const routes = useLayoutRoutes();
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const items = buildCrumbs(findRouteChain(routes, pathname)).map((c) => ({
    key: c.title,
    title: c.to ? <Link to={c.to}>{title(c.title)}</Link> : title(c.title),
  }));
  return <AntBreadcrumb className="app-breadcrumb" items={items} />;
}
