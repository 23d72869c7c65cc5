import type { ConfigItem } from '@gw/contracts';
import { ResourceTable } from '../../../components/ResourceTable';
import { useCan } from '../../../utils/permission';
import { configColumns } from './columns';
import { DeleteRowButton } from './DeleteRowButton';
import { ConfigForm, configBody } from './Form';
import { M, YES_NO } from './messages';

const PATH = '/system/config';

/** 通用配置: key, value, description and 公开; built-in items cannot be deleted (their 删除 is left out). */
export default function ConfigPage() {
  const can = useCan();
  const mayDelete = can(PATH, 'delete');
  return (
    <ResourceTable<ConfigItem>
      resource={PATH}
      title={M.title}
      columns={configColumns}
      form={ConfigForm}
      toBody={configBody}
      fetchRecord={false}
      defaultSort="key"
      // 删除 per row instead of the kit's (it would offer it on built-in items and in bulk)
      actions={{ delete: false }}
      extraRowActions={(row) => (mayDelete && !row.builtin ? <DeleteRowButton resource={PATH} id={row.id} /> : null)}
      filters={[{ name: 'public', label: M.public, type: 'select', options: YES_NO }]}
    />
  );
}
