import { type ConfigItem, configResource } from '@gw/contracts';
import { ResourceTable } from '../../components/ResourceTable';
import { configColumns } from './configColumns';
import { ConfigForm, configBody } from './ConfigForm';

/** Built-in items cannot be deleted (the server refuses): no 删除 on them, and 批量删除 refuses a selection holding one. */
const canDelete = (item: ConfigItem) => !item.builtin;

/** 通用配置: key, value, description and 公开; exported and imported from its template. */
export default function ConfigPage() {
  return <ResourceTable<ConfigItem> descriptor={configResource} columns={configColumns} form={ConfigForm} toBody={configBody} fetchRecord={false} canDelete={canDelete} />;
}
