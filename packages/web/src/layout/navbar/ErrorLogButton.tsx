import { BugOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useErrorLogStore } from '../../stores/errorLog';
import { LAYOUT_TEXT } from '../messages';

// the table is only needed once something went wrong
const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** A bug badge that appears once errors were recorded; it opens the error log. */
export function ErrorLogButton() {
  const count = useErrorLogStore((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  if (!count) return null;
  return (
    <>
      <Badge count={count} size="small" offset={[-6, 6]}>
        <button type="button" className="navbar-button" aria-label={LAYOUT_TEXT.errorLog} onClick={() => setOpen(true)}>
          <BugOutlined />
        </button>
      </Badge>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
