import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceApi } from './api';
import type { Id } from './types';
import { resourceKey } from './useResourceTable';

type Editing<T> = { mode: 'add' } | { mode: 'edit'; id: Id; record: T };

interface Options<T> {
  resource: string;
  rowKey: string;
  /** Load the record with GET P/{id} first (the list may carry fewer fields than the form needs). */
  fetchRecord: boolean;
  toFormValues?: (record: T) => object;
  toBody?: (values: Record<string, unknown>, record?: T) => object;
  create: (body: object) => Promise<T>;
  update: (id: Id, body: object) => Promise<T>;
}

/** The add/edit form's state: which record, its loading, and the save that creates or updates. */
export function useEditor<T extends object>(options: Options<T>) {
  const { resource, rowKey, fetchRecord, toFormValues, toBody, create, update } = options;
  const client = useQueryClient();
  // kept while the dialog closes so its title and fields do not change under the closing animation
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'add' });
  const [open, setOpen] = useState(false);
  // a new form per opening: the form mounted while closed would keep the previous (or no) initial values
  const [session, setSession] = useState(0);
  const show = (next: Editing<T>) => {
    setEditing(next);
    setSession((n) => n + 1);
    setOpen(true);
  };
  const [loadingId, setLoadingId] = useState<Id | null>(null);

  const openEdit = async (row: T) => {
    const id = (row as Record<string, unknown>)[rowKey] as Id;
    let record = row;
    if (fetchRecord) {
      setLoadingId(id);
      try {
        record = await client.fetchQuery({ queryKey: [...resourceKey(resource), 'detail', id], queryFn: () => resourceApi<T>(resource).get(id), staleTime: 0 });
      } catch {
        return; // the request client has said why
      } finally {
        setLoadingId(null);
      }
    }
    show({ mode: 'edit', id, record });
  };

  const record = editing.mode === 'edit' ? editing.record : undefined;
  return {
    open,
    mode: editing.mode,
    record,
    initialValues: record && (toFormValues ? toFormValues(record) : record),
    loadingId,
    session,
    openAdd: () => show({ mode: 'add' }),
    openEdit,
    close: () => setOpen(false),
    /** Creates or updates; resolves to the record as the server answered it (a create may carry what it shows once). */
    submit: async (values: Record<string, unknown>): Promise<T> => {
      const body = toBody ? toBody(values, record) : values;
      return editing.mode === 'edit' ? update(editing.id, body) : create(body);
    },
  };
}
