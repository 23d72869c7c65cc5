import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { toast } from '../../utils/notify';
import { resourceApi } from './api';
import { RT } from './messages';

interface Props {
  resource: string;
  /** The list's current narrowing (keywords, dates, sort, filters). */
  filters: Record<string, unknown>;
}

/** 导出: starts an export job of what the list shows; the file is fetched later from 导出管理. */
export function ExportButton({ resource, filters }: Props) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await resourceApi(resource).startExport(filters);
      toast.success(RT.exportStarted);
    } catch {
      // the request client has said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void start()}>
      {RT.export}
    </Button>
  );
}
