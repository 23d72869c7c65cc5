import { DeploymentUnitOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PRODUCT_TITLE } from '../../settings';

/** Logo and product title at the top of the sidebar; only the mark when collapsed. */
export function Logo({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="sidebar-logo">
      <Link to="/" className="sidebar-logo-link" aria-label={PRODUCT_TITLE}>
        <DeploymentUnitOutlined className="sidebar-logo-mark" />
        {!collapsed && <h1 className="sidebar-title">{PRODUCT_TITLE}</h1>}
      </Link>
    </div>
  );
}
