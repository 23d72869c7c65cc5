/** A row or an item as the machine handles every resource's: a record of its fields. */
export type Row = Record<string, unknown>;
