import type { z } from 'zod';
import type { Action } from './permissions.js';

/**
 * How a list filter narrows its field: `eq` (default), `in` (a comma list), `ilike` (contains, any case), `has`
 * (an array or link holds the value), `subtree` (a customer id and every company below it), `gte` / `lte`.
 */
export type FilterOp = 'eq' | 'in' | 'ilike' | 'has' | 'subtree' | 'gte' | 'lte';

export interface FilterOption {
  label: string;
  value: string | number;
}

/** How the console asks for a filter's value. */
export type FilterInput =
  | { type: 'text' }
  | { type: 'select'; options: readonly FilterOption[] }
  | { type: 'dict'; category: string }
  | { type: 'remote'; url: string; labelField: string; limit?: number }
  | { type: 'company' }
  /** A region from the area tree (province → city → district); the value is the area id. */
  | { type: 'area' };

/** One query parameter that narrows a list. */
export interface FilterDescriptor {
  label: string;
  /** The query value's schema (query strings: coerce numbers, accept 'true'/'false'). */
  schema: z.ZodType;
  op?: FilterOp;
  /** Default: a text box. */
  input?: FilterInput;
  /** Accepted by the API but not offered in the search bar (set by links, e.g. one user's log entries). */
  hidden?: boolean;
}

/**
 * A declared action beyond CRUD: `POST {path}/{id}/{name}` for one row, or `POST {path}/{name}` with `{ids, ...}`
 * for a selection. Each is guarded by its own permission bit on the resource's menu, limited to the caller's
 * scope, run in one transaction and audited like any write.
 */
export interface ActionDescriptor {
  /** Button text, e.g. 分配客户. */
  title: string;
  permission: Action;
  target: 'row' | 'bulk';
  /** The body besides `ids` (bulk); none for an action that takes no input. */
  body?: z.ZodObject;
  /** Asked before a row action runs, e.g. 重置后旧密钥立即失效,确定重置? */
  confirm?: string;
}

/**
 * The lines of a master–detail resource (an order and its lines): create and update take them in `field`
 * (their schemas declare it, e.g. `lines: z.array(orderLineWriteSchema).min(1)`), written in the same
 * transaction (an update that sends them replaces them all); GET {path}/{id} answers them, the list does not.
 */
export interface LinesDescriptor {
  /** The field of create, update and the detail that holds the lines, e.g. `lines`. */
  field: string;
  /** One line as the detail shows it. */
  item: z.ZodObject;
  /** The Chinese label of each field of a line: the line editor's column titles. */
  labels: Readonly<Record<string, string>>;
}

/** The Chinese title and column labels of one audited table: what the operation log shows of its changes. */
export interface AuditTable {
  title: string;
  labels: Readonly<Record<string, string>>;
}

/**
 * What the operation log shows of a resource's writes: its table (titled and labelled as the resource), the
 * columns only the log shows (a password's hash), and the tables written beside it (an order's lines, a box's
 * tags), each logged under the resource's record.
 */
export interface AuditDescriptor {
  table: string;
  /** The table's title in the log when it is not the resource's (通用配置 for one 配置). */
  title?: string;
  labels?: Readonly<Record<string, string>>;
  tables?: Readonly<Record<string, AuditTable>>;
}

/**
 * How the console's list shows a resource's rows: what names a row, what a phone's card shows, which columns are
 * off until chosen, and what an empty list says belongs in it.
 */
export interface ListPresentation {
  /** The field that names a row: its column stays at the left, and it titles a row's card on a phone. */
  key?: string;
  /** The fields a phone's card shows under the key, state first (default: the next columns shown). */
  card?: readonly string[];
  /** Columns off until chosen in 列设置: long technical values people seldom read across a list. */
  hidden?: readonly string[];
  /** What belongs in the list, said while it is still empty (default: 还没有{title}). */
  empty?: string;
}

/**
 * One resource, declared once and shared by server and console: the server maps it to columns and routes, the
 * console derives its filters, column titles, form rules and toolbar from it.
 */
export interface ResourceDescriptor<Item = unknown> {
  /** The route path, the API path (under /custom/api/v1) and the menu its permissions hang on. */
  path: string;
  /** The menu whose permission bits guard the resource, when it is not `path` (machine tools: /device/machinetool). */
  menu?: string;
  /** What one row is called: 新增{title}, 导出{title}. */
  title: string;
  /**
   * What the add and edit dialogs make, when the row's name says less (管理员's form makes a user of any company:
   * 新增用户): see `dialogTitles`.
   */
  formTitle?: string;
  item: z.ZodType<Item>;
  /** Omitted: read-only (no add, edit or delete). */
  create?: z.ZodObject;
  update?: z.ZodObject;
  /** The Chinese label of every field a person sees: column titles, form labels, sheet headers, messages. */
  labels: Readonly<Record<string, string>>;
  /** Field names a list may be sorted by (`sort=name`, `sort=-name`). */
  sortable: readonly string[];
  /** The order of a list that names none, on the server and in the console: a sortable field, `-` for downwards. */
  defaultSort?: string;
  /** The field the date range (start_date, end_date) applies to; none for lists without one. */
  dateField?: string;
  /** What keywords search, shown as the search box's placeholder. */
  keywordsHint?: string;
  filters?: Readonly<Record<string, FilterDescriptor>>;
  /**
   * Whether rows can be deleted (DELETE {path}/{id} and bulk). Default: whether the resource has `create`; a
   * read-only list whose rows may still be removed (export jobs) says true.
   */
  deletable?: boolean;
  /** An xlsx export of the list (a background job). */
  exportable?: boolean;
  /** An xlsx import from the export's template; needs `create`. */
  importable?: boolean;
  /**
   * Rows form a tree by `parent_id`: GET {path}/tree and POST {path}/{id}/move, moves refuse cycles, a parent
   * with children stays. `pages`: the menus of other pages that draw the tree (组织架构); their 查询 reads the tree
   * and their 修改 moves a node, as the resource's own menu does.
   */
  tree?: boolean | { pages: readonly string[] };
  actions?: Readonly<Record<string, ActionDescriptor>>;
  lines?: LinesDescriptor;
  /** Its writes as the operation log shows them; none for what is not audited (logs, jobs, the ledger). */
  audit?: AuditDescriptor;
  /** How the console's list shows it (its key column, a phone's card, columns off by default, an empty list). */
  list?: ListPresentation;
}

/**
 * Declares a resource, keeping its exact type: the item, create and update schemas reach the pages that read it and
 * the server's hooks that write it (`WriteValues`), so neither side casts what the descriptor already says.
 */
export const defineResource = <D extends ResourceDescriptor<z.output<D['item']>>>(
  descriptor: D,
): ResourceDescriptor<z.output<D['item']>> & Pick<D, 'item' | 'create' | 'update'> => descriptor;

/** What a schema gives once parsed; nothing for an absent one. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : object;

/**
 * The values a write of the resource carries once validated: any field of its create or of its update (an update
 * sends some of them). The server's write hooks see these instead of an untyped record.
 */
export type WriteValues<D extends Pick<ResourceDescriptor, 'create' | 'update'>> = Partial<Parsed<D['create']>> & Partial<Parsed<D['update']>>;

/** One item of the resource as its lists and detail answer it. */
export type ItemOf<D extends Pick<ResourceDescriptor, 'item'>> = z.output<D['item']>;

/** The menus whose 查询 reads a tree resource's tree and whose 修改 moves its nodes: its own, then its pages'. */
export const treeMenus = (resource: Pick<ResourceDescriptor, 'path' | 'menu' | 'tree'>): string[] => [
  resource.menu ?? resource.path,
  ...(typeof resource.tree === 'object' ? resource.tree.pages : []),
];

/** The titles of a resource's add and edit dialogs, 新增{X} and 编辑{X}: X is what the form makes. */
export const dialogTitles = (resource: Pick<ResourceDescriptor, 'title' | 'formTitle'>): { add: string; edit: string } => {
  const made = resource.formTitle ?? resource.title;
  return { add: `新增${made}`, edit: `编辑${made}` };
};

/** The label of a field, or the field's own name when none is declared. */
export const labelOf = (resource: Pick<ResourceDescriptor, 'labels'>, field: string): string =>
  Object.hasOwn(resource.labels, field) ? resource.labels[field] : field;

/** The options of a yes/no filter, as the query carries them ('true' / 'false'). */
export const yesNoOptions = (yes: string, no: string): readonly FilterOption[] => [
  { label: yes, value: 'true' },
  { label: no, value: 'false' },
];

/**
 * The label of a value among a select's options, for cells and sheets that show the word the filter offers
 * (a boolean matches 'true' / 'false'); the value itself as text when no option holds it.
 */
export function optionLabel(options: readonly FilterOption[], value: string | number | boolean | null | undefined): string {
  if (value == null) return '';
  const text = String(value);
  return options.find((o) => String(o.value) === text)?.label ?? text;
}
