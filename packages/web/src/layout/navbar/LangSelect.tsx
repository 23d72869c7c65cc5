import { TranslationOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { LANGUAGES, type Language } from '../../settings';
import { useAppStore } from '../../stores/app';
import { LAYOUT_TEXT } from '../messages';

/** The language menu: only 中文 is offered, disabled while it is the language in use. */
export function LangSelect() {
  const { message } = App.useApp();
  const language = useAppStore((s) => s.language);
  const items = LANGUAGES.map((lang) => ({ key: lang, label: LAYOUT_TEXT.languageNames[lang], disabled: lang === language }));
  const choose = (key: string) => {
    useAppStore.getState().setLanguage(key as Language);
    void message.success(LAYOUT_TEXT.switchLanguageSuccess);
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, selectable: true, selectedKeys: [language], onClick: ({ key }) => choose(key) }}>
      <button type="button" className="navbar-button" aria-label={LAYOUT_TEXT.language}>
        <TranslationOutlined />
      </button>
    </Dropdown>
  );
}
