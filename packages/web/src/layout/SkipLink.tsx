import type { MouseEvent } from 'react';
import { LAYOUT_TEXT } from './messages';

/** The id of the page's own content (Layout's <main>), where the skip link leads. */
export const MAIN_ID = 'main-content';

/**
 * The first tab stop of every signed-in page: 跳到主要内容, hidden until focused, moves the focus past the sidebar,
 * the navbar and the tabs to the page itself. It focuses <main> itself rather than following the #fragment, which
 * would be a navigation for the router.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {LAYOUT_TEXT.skipToMain}
    </a>
  );
}
