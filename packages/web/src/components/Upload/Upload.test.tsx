import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '../../test/toasts';
import { toast } from '../../utils/notify';
import { Upload, type UploadedFile, type UploadWidgetProps } from '.';

recordToasts();

const txt = (name: string, bytes = 10) => new File(['x'.repeat(bytes)], name, { type: 'text/plain' });
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
/** The server: answers per file name; 'bad*' is refused, 'off*' never arrives. */
const server = vi.fn(async (_url: string, init: RequestInit) => {
  const file = (init.body as FormData).get('file') as File;
  if (file.name.startsWith('off')) throw new TypeError('Failed to fetch');
  if (file.name.startsWith('bad')) return json({ code: 400, message: '参数错误 file' });
  return json({ code: 200, data: { name: file.name, url: `/custom/uploads/${file.name}` } });
});

function Field(props: UploadWidgetProps & { initial?: UploadedFile[]; spy?: (v: UploadedFile[]) => void }) {
  const { initial = [], spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <Upload
      {...rest}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
    />
  );
}

const input = (container: HTMLElement) => container.querySelector('input[type=file]') as HTMLInputElement;

beforeEach(() => {
  vi.stubGlobal('fetch', server);
  localStorage.setItem('Custom-Token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Upload', () => {
  it('uploads chosen files at once to /tools/upload with the TOKEN header and stores {name, url}', async () => {
    const spy = vi.fn();
    const { container } = render(<Field spy={spy} />);
    await userEvent.upload(input(container), txt('a.txt'));
    await waitFor(() => expect(spy).toHaveBeenCalledWith([{ name: 'a.txt', url: '/custom/uploads/a.txt' }]));
    expect(server.mock.calls[0][0]).toBe('/custom/api/v1/tools/upload');
    expect(server.mock.calls[0][1].headers).toEqual({ TOKEN: 'tok' });
    expect(toast.success).toHaveBeenCalledWith('Uploaded successfully!');
    expect(screen.getByText('a.txt')).toBeInTheDocument();
  });

  it('warns and uploads nothing when the selection passes the limit (default 1)', async () => {
    const { container } = render(<Field multiple />);
    await userEvent.upload(input(container), [txt('a.txt'), txt('b.txt')]);
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('No more than 1 files can be selected, please re-select'));
    expect(server).not.toHaveBeenCalled();
  });

  it('counts files already in the list toward the limit', async () => {
    const { container } = render(<Field limit={2} multiple initial={[{ name: 'old.txt', url: '/u/old.txt' }]} />);
    await userEvent.upload(input(container), [txt('a.txt'), txt('b.txt')]);
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('No more than 2 files can be selected, please re-select'));
  });

  it('refuses a file over maxSize with the exact message and uploads the rest', async () => {
    const spy = vi.fn();
    const { container } = render(<Field limit={3} multiple maxSize={1} spy={spy} />);
    await userEvent.upload(input(container), [txt('big.txt', 2048), txt('ok.txt')]);
    await waitFor(() => expect(spy).toHaveBeenCalledWith([{ name: 'ok.txt', url: '/custom/uploads/ok.txt' }]));
    expect(toast.error).toHaveBeenCalledWith('Please upload a file smaller than 1 KB, your file is 2 KB');
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('keeps failed files in the list marked as errors and says some failed', async () => {
    const spy = vi.fn();
    const { container } = render(<Field limit={3} multiple spy={spy} />);
    await userEvent.upload(input(container), [txt('bad.txt'), txt('good.txt')]);
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Some files failed to upload!'));
    expect(spy).toHaveBeenCalledWith([{ name: 'good.txt', url: '/custom/uploads/good.txt' }]);
    expect(container.querySelector('.ant-upload-list-item-error')).toHaveTextContent('bad.txt');
  });

  it('says all failed when the server refuses every file, and try later when the network is down', async () => {
    const { container, unmount } = render(<Field limit={3} multiple />);
    await userEvent.upload(input(container), [txt('bad1.txt'), txt('bad2.txt')]);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Uploading files all failed!'));
    unmount();
    const second = render(<Field />);
    await userEvent.upload(input(second.container), txt('off.txt'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Upload failed, please try again later!'));
  });

  it('with autoUpload false waits for the 上传 button', async () => {
    const spy = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<Field autoUpload={false} spy={spy} />);
    await user.upload(input(container), txt('a.txt'));
    expect(await screen.findByText('a.txt')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '上传' }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith([{ name: 'a.txt', url: '/custom/uploads/a.txt' }]));
    expect(screen.getByRole('button', { name: '上传' })).toBeDisabled();
  });

  it('reports how many chosen files are not uploaded yet', async () => {
    const onPendingChange = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<Field autoUpload={false} onPendingChange={onPendingChange} />);
    await user.upload(input(container), txt('a.txt'));
    await waitFor(() => expect(onPendingChange).toHaveBeenLastCalledWith(1));
    await user.click(screen.getByRole('button', { name: '上传' }));
    await waitFor(() => expect(onPendingChange).toHaveBeenLastCalledWith(0));
  });

  it('removes an uploaded file from the value', async () => {
    const spy = vi.fn();
    const user = userEvent.setup();
    render(<Field initial={[{ name: 'old.txt', url: '/u/old.txt' }]} spy={spy} />);
    await user.click(screen.getByRole('button', { name: /remove|删除/i }));
    expect(spy).toHaveBeenCalledWith([]);
  });

  it('posts to another action and field name when told', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const file = (init.body as FormData).get('upfile') as File;
      return json({ code: 0, data: { name: file.name, url: 'http://cdn/x' } });
    });
    vi.stubGlobal('fetch', fetch);
    const spy = vi.fn();
    const { container } = render(<Field action="/custom/api/v1/device/import" name="upfile" spy={spy} />);
    await userEvent.upload(input(container), txt('a.txt'));
    await waitFor(() => expect(spy).toHaveBeenCalledWith([{ name: 'a.txt', url: 'http://cdn/x' }]));
    expect(fetch.mock.calls[0][0]).toBe('/custom/api/v1/device/import');
  });
});
