import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RichText from '.';

// TinyMCE itself does not run in jsdom: the wrapper is replaced by a stand-in that records its props.
const editorProps = vi.hoisted(() => ({ current: null as null | Record<string, unknown> }));
vi.mock('./tinymce', () => ({}));
vi.mock('../../utils/notify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
vi.mock('@tinymce/tinymce-react', () => ({
  Editor: (props: Record<string, unknown>): ReactNode => {
    editorProps.current = props;
    return <textarea aria-label="editor" readOnly value={props.value as string} />;
  },
}));

beforeEach(() => vi.stubGlobal('tinymce', { addI18n: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

type Init = { height: number; menubar: string; language?: string; setup: (editor: unknown) => void };
const init = () => editorProps.current!.init as Init;

describe('RichText', () => {
  it('runs self-hosted under the GPL licence, in Chinese, 700 high, with the spec menubar', async () => {
    render(<RichText value="<p>hi</p>" />);
    await screen.findByLabelText('editor');
    expect(editorProps.current).toMatchObject({ licenseKey: 'gpl', value: '<p>hi</p>' });
    expect(editorProps.current).not.toHaveProperty('apiKey');
    expect(editorProps.current).not.toHaveProperty('tinymceScriptSrc');
    expect(init()).toMatchObject({ height: 700, menubar: 'file edit insert view format table', language: 'zh-CN', promotion: false });
  });

  it('passes height, menubar and language through', async () => {
    render(<RichText height={360} menubar={false} language="ja" />);
    await waitFor(() => expect(init()).toMatchObject({ height: 360, menubar: false, language: 'ja' }));
  });

  it('reports edits as HTML', async () => {
    const onChange = vi.fn();
    render(<RichText onChange={onChange} />);
    await screen.findByLabelText('editor');
    act(() => (editorProps.current!.onEditorChange as (html: string) => void)('<p>new</p>'));
    expect(onChange).toHaveBeenCalledWith('<p>new</p>');
  });

  it('opens the image dialog from its toolbar button and inserts into the editor', async () => {
    render(<RichText />);
    await screen.findByLabelText('editor');
    const insertContent = vi.fn();
    act(() => (editorProps.current!.onInit as (e: unknown, editor: unknown) => void)({}, { insertContent }));
    let open: () => void = () => {};
    init().setup({ ui: { registry: { addButton: (_name: string, spec: { onAction: () => void }) => (open = spec.onAction) } } });
    act(() => open());
    expect(await screen.findByText('上传图片')).toBeInTheDocument();

    const answer = { code: 200, data: { name: 'a.png', url: '/custom/uploads/a.png' } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })));
    const user = userEvent.setup({ delay: null });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['png'], 'a.png', { type: 'image/png' }));
    await screen.findByText('a.png');
    await user.click(screen.getByText(/^(OK|确 ?定)$/).closest('button')!);
    expect(insertContent).toHaveBeenCalledWith('<img src="/custom/uploads/a.png" alt="a.png">');
  });
});
