import { type Customer, customerResource } from '@gw/contracts';
import { ResourceTable, filtersFrom } from '../../components/ResourceTable';
import { customerColumns } from './customerColumns';
import { CUSTOMER_TREE_FILTER, CustomerForm, customerBody } from './CustomerForm';

// the company tree is the control of the subtree filter: the search bar does not offer it a second time
const filters = filtersFrom(customerResource).filter((filter) => filter.name !== CUSTOMER_TREE_FILTER);

/**
 * 客户管理: the companies of the caller's scope, with the company tree beside the list (choosing a company lists
 * it and everything below it) when the list has a subtree filter. Import and export from the descriptor; a
 * company that still holds users, boxes or companies is refused deletion by the server, which names what is left.
 */
export default function CustomerPage() {
  return (
    <ResourceTable<Customer>
      descriptor={customerResource}
      columns={customerColumns}
      filters={filters}
      form={CustomerForm}
      formMode="drawer"
      toBody={customerBody}
      tree={CUSTOMER_TREE_FILTER ? { field: CUSTOMER_TREE_FILTER } : undefined}
    />
  );
}
