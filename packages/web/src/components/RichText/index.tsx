import './tinymce';
import { Editor } from '@tinymce/tinymce-react';
import { Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Editor as TinyMCEEditor } from 'tinymce';
import { buildInit, DEFAULT_HEIGHT, DEFAULT_MENUBAR } from './config';
import { ImageDialog } from './ImageDialog';
import { type EditorLanguage, loadLanguage } from './languages';
import { EDITOR_MESSAGES } from './messages';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Editor height (default 700). */
  height?: number | string;
  /** Menu bar (default 'file edit insert view format table'); false hides it. */
  menubar?: string | boolean;
  /** zh_CN (default), en, es or ja. */
  language?: EditorLanguage;
  toolbar?: string | string[];
  plugins?: string;
  disabled?: boolean;
}

/**
 * The rich-text editor: TinyMCE bundled with the console, pasted images uploaded to /tools/upload, and a
 * multi-image dialog. Heavy (~500 kB gzipped), so pages load it lazily:
 *
 * @example const RichText = lazy(() => import('../../components/RichText'));
 *          <Suspense fallback={<Spin />}><RichText value={html} onChange={setHtml} /></Suspense>
 */
export default function RichText({ value, onChange, height = DEFAULT_HEIGHT, menubar = DEFAULT_MENUBAR, language = 'zh_CN', toolbar, plugins, disabled }: RichTextProps) {
  const [loaded, setLoaded] = useState<{ language: EditorLanguage; code: string } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const editor = useRef<TinyMCEEditor | null>(null);

  useEffect(() => {
    let live = true;
    void loadLanguage(language)
      .catch(() => 'en')
      .then((code) => live && setLoaded({ language, code }));
    return () => {
      live = false;
    };
  }, [language]);

  const code = loaded?.language === language ? loaded.code : null;
  const init = useMemo(
    () => (code ? buildInit({ height, menubar, language: code, toolbar, plugins, onImageButton: () => setDialogOpen(true) }) : null),
    [code, height, menubar, toolbar, plugins],
  );
  if (!init) return <Spin description={EDITOR_MESSAGES.loading}>{<div style={{ height: typeof height === 'number' ? height : 360 }} />}</Spin>;

  return (
    <>
      <Editor
        key={code}
        licenseKey="gpl"
        init={init}
        value={value ?? ''}
        disabled={disabled}
        onInit={(_event, instance) => {
          editor.current = instance;
        }}
        onEditorChange={(html) => onChange?.(html)}
      />
      <ImageDialog
        open={dialogOpen}
        onCancel={() => setDialogOpen(false)}
        onInsert={(html) => {
          editor.current?.insertContent(html);
          setDialogOpen(false);
        }}
      />
    </>
  );
}
