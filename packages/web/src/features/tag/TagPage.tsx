import { type DeviceTag, deviceTagResource } from '@gw/contracts';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import { tagColumns } from './tagColumns';
import { TagForm } from './TagForm';

const FILTERS = filtersFrom(deviceTagResource);

/**
 * 标签: the tags of the companies in the user's scope, each with the number of boxes carrying it. Deleting a tag
 * in use leaves its boxes untagged.
 */
export default function TagPage() {
  // the company filter only for those who may read the companies
  return <ResourceTable<DeviceTag> descriptor={deviceTagResource} columns={tagColumns} form={TagForm} filters={useReadableFilters(FILTERS)} />;
}
