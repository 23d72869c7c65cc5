import { menuPath } from '@gw/contracts';

/** 客户管理: the companies, whose tree the pickers, the saved department tree and 组织架构 read. */
export const COMPANY_PATH = menuPath('customer');
