import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '../../test/toasts';
import { toast } from '../../utils/notify';
import { ImageDialog, imagesHtml } from './ImageDialog';

recordToasts();

const WAIT = 'Please wait for all images to be uploaded successfully. If there is a network problem, please refresh the page and upload again!';
const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const ok = () => screen.getByText(/^(OK|确 ?定)$/).closest('button')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('imagesHtml', () => {
  it('makes one <img> per uploaded image', () => {
    expect(imagesHtml([{ name: 'a.png', url: '/custom/uploads/a.png' }, { name: 'b"x.png', url: 'http://cdn/b.png' }], 0)).toBe(
      '<img src="/custom/uploads/a.png" alt="a.png"><img src="http://cdn/b.png" alt="b&quot;x.png">',
    );
  });
  it('gives nothing while any image is not uploaded', () => {
    expect(imagesHtml([{ name: 'a.png', url: '/a.png' }], 1)).toBeNull();
  });
});

describe('ImageDialog', () => {
  it('warns with the exact text while an image is still uploading, then inserts all once done', async () => {
    let finish: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        const file = (init.body as FormData).get('file') as File;
        const answer = json({ code: 200, data: { name: file.name, url: `/custom/uploads/${file.name}` } });
        if (file.name === 'slow.png') return new Promise<Response>((resolve) => (finish = () => resolve(answer)));
        return Promise.resolve(answer);
      }),
    );
    const onInsert = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { baseElement } = render(<ImageDialog open onCancel={() => {}} onInsert={onInsert} />);
    await user.upload(baseElement.querySelector('input[type=file]') as HTMLInputElement, [png('a.png'), png('slow.png')]);
    await waitFor(() => expect(finish).toBeDefined());
    await user.click(ok());
    expect(toast.warning).toHaveBeenCalledWith(WAIT);
    expect(onInsert).not.toHaveBeenCalled();
    finish!();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Uploaded successfully!'));
    await user.click(ok());
    expect(onInsert).toHaveBeenCalledWith('<img src="/custom/uploads/a.png" alt="a.png"><img src="/custom/uploads/slow.png" alt="slow.png">');
  });

  it('refuses to insert while a failed image is still in the list', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const onInsert = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { baseElement } = render(<ImageDialog open onCancel={() => {}} onInsert={onInsert} />);
    await user.upload(baseElement.querySelector('input[type=file]') as HTMLInputElement, png('a.png'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Upload failed, please try again later!'));
    await user.click(ok());
    expect(toast.warning).toHaveBeenCalledWith(WAIT);
    expect(onInsert).not.toHaveBeenCalled();
  });
});
