import { type DeviceTag, deviceTagResource } from '@gw/contracts';
import { ResourceTable } from '../../components/ResourceTable';
import { tagColumns } from './tagColumns';
import { TagForm } from './TagForm';

/**
 * 标签: the tags of the companies in the user's scope, each with the number of boxes carrying it. Deleting a tag
 * in use leaves its boxes untagged.
 */
export default function TagPage() {
  return <ResourceTable<DeviceTag> descriptor={deviceTagResource} columns={tagColumns} form={TagForm} />;
}
