import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../utils/notify';
import { UPLOAD_MESSAGES } from './messages';
import { checkFile, type FileRules } from './rules';
import { batchMessage, sendFile, type UploadedFile } from './send';

export interface QueuedFile {
  uid: string;
  file: File;
  /** waiting: chosen, not sent yet (manual upload). */
  status: 'waiting' | 'uploading' | 'done' | 'error';
  error?: string;
}

export interface UploadQueueOptions extends FileRules {
  action: string;
  name: string;
  limit: number;
  autoUpload: boolean;
  value?: UploadedFile[];
  onChange?: (value: UploadedFile[]) => void;
}

let seq = 0;

/**
 * The upload widget's state: uploaded files (the value) plus a queue of chosen ones that are waiting, uploading or
 * failed. Successful files join the value once their whole batch has finished, so parallel answers never race.
 */
export function useUploadQueue(options: UploadQueueOptions) {
  const { action, name, limit, autoUpload, value, onChange, minSize, maxSize, image } = options;
  const [inner, setInner] = useState<UploadedFile[]>([]);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const list = value ?? inner;
  const listRef = useRef(list);
  useEffect(() => {
    listRef.current = list;
  }, [list]);

  const commit = useCallback(
    (next: UploadedFile[]) => {
      listRef.current = next;
      setInner(next);
      onChange?.(next);
    },
    [onChange],
  );

  const upload = useCallback(
    async (items: QueuedFile[]) => {
      if (!items.length) return;
      const uids = new Set(items.map((item) => item.uid));
      setQueue((q) => q.map((item) => (uids.has(item.uid) ? { ...item, status: 'uploading', error: undefined } : item)));
      const results = await Promise.all(
        items.map(async (item) => {
          const result = await sendFile(item.file, { action, name });
          const patch: Partial<QueuedFile> = result.ok ? { status: 'done' } : { status: 'error', error: result.message };
          setQueue((q) => q.map((x) => (x.uid === item.uid ? { ...x, ...patch } : x)));
          return { uid: item.uid, result };
        }),
      );
      const uploaded = results.flatMap(({ result }) => (result.ok ? [result.file] : []));
      const done = new Set(results.filter(({ result }) => result.ok).map(({ uid }) => uid));
      if (uploaded.length) commit([...listRef.current, ...uploaded]);
      setQueue((q) => q.filter((item) => !done.has(item.uid)));
      const message = batchMessage(results.map(({ result }) => result));
      if (message) toast[message.type](message.text);
    },
    [action, name, commit],
  );

  /** A batch of chosen files: refused whole when it would pass the limit, else checked one by one. */
  const choose = useCallback(
    async (files: File[]) => {
      if (listRef.current.length + queue.length + files.length > limit) {
        toast.warning(UPLOAD_MESSAGES.tooMany(limit));
        return;
      }
      const problems = await Promise.all(files.map((file) => checkFile(file, { minSize, maxSize, image })));
      const items: QueuedFile[] = [];
      problems.forEach((problem, i) => {
        if (problem) toast.error(problem);
        else items.push({ uid: `upload-${++seq}`, file: files[i], status: 'waiting' });
      });
      setQueue((q) => [...q, ...items]);
      if (autoUpload) await upload(items);
    },
    [queue.length, limit, minSize, maxSize, image, autoUpload, upload],
  );

  const remove = useCallback(
    (uid: string) => {
      if (queue.some((item) => item.uid === uid)) setQueue((q) => q.filter((item) => item.uid !== uid));
      else commit(listRef.current.filter((file, i) => doneUid(file, i) !== uid));
    },
    [queue, commit],
  );

  /** Sends what is waiting and retries what failed (the 上传 button). */
  const uploadAll = useCallback(() => upload(queue.filter((item) => item.status === 'waiting' || item.status === 'error')), [queue, upload]);

  return { list, queue, choose, remove, uploadAll };
}

/** The list key of an uploaded file. */
export const doneUid = (file: UploadedFile, index: number) => `done-${index}-${file.url}`;
