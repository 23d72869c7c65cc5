import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleUnderTest } from './console.js';
import { pagesFor, visitEach } from './tour.js';

/**
 * Latin words the interface may show: names of products and standards, units and codes that have no Chinese name
 * a user would recognise. Anything else in Latin letters is English or an internal name left in the interface.
 */
const ALLOWED = new Set([
  // standards, protocols and the codes of a box and its SIM
  'MQTT', 'HTTP', 'HTTPS', 'URL', 'IP', 'IPv4', 'VPN', 'WireGuard', 'ID', 'IMEI', 'ICCID', 'SIM', 'GIS', 'OEE', 'CNC', 'CPU',
  // units, and the name of the checksum algorithm a firmware file is shown with
  'KB', 'MB', 'GB', 'TB', 'ms', 'SHA',
  // products a user knows by their name: spreadsheets, and the browsers and systems of 登录日志
  'Excel', 'Chrome', 'Edge', 'Firefox', 'Safari', 'Windows', 'macOS', 'Linux', 'Android', 'iOS',
  // the fields of the WeChat official account's own console, which the settings must name as it does
  'AppID', 'AppSecret', 'Token', 'EncodingAESKey',
]);

/**
 * Pages not yet held to the rule, each with what is still left there (docs/testing.md lists them too); none now.
 */
const NOT_YET: Record<string, string> = {};

/** The signed-in administrator's username: data, shown in the navbar, not a word of the interface. */
const ADMIN = 'admin';

/**
 * The text a user reads on the page: what it shows, and the titles and placeholders of the visible elements
 * (tooltips, empty inputs). Text set as code (`<code>`, `<kbd>`: config keys, topics) is a code, not a word.
 */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const codes = [...document.querySelectorAll<HTMLElement>('code, kbd')].map((element) => element.innerText);
    let text = document.body.innerText;
    for (const code of codes) if (code) text = text.split(code).join(' ');
    const hints = [...document.querySelectorAll<HTMLElement>('[title], [placeholder]')]
      .filter((element) => element.checkVisibility())
      .flatMap((element) => [element.getAttribute('title') ?? '', element.getAttribute('placeholder') ?? '']);
    return [text, ...hints].join('\n');
  });

/** The Latin words of `text` outside the allow-list, each with a little of the text around it. */
function strayWords(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)) {
    const word = match[0];
    // a single letter is a variable or a unit prefix (N 项, 4G), never a word
    if (word.length < 2 || ALLOWED.has(word) || word === ADMIN) continue;
    const around = text.slice(Math.max(0, match.index - 12), match.index + word.length + 12).replace(/\s+/g, ' ');
    found.add(`${word} (…${around}…)`);
  }
  return [...found];
}

describe('the interface speaks Chinese', () => {
  const app = consoleUnderTest();

  it('shows no English or internal name on any page the administrator may open', { timeout: 600_000 }, async () => {
    const page = await app.signedIn('/dashboard');
    const stray: string[] = [];
    // every page of the full menu; those under a parameter (机床, 机床详情, 推送详情) need records a fresh console has not
    await visitEach(page, `${app.url}/custom`, pagesFor({ superUser: true, roleMenu: [] }), async (at, visit) => {
      if (visit.path in NOT_YET) return;
      for (const word of strayWords(await visibleText(at))) stray.push(`${visit.path}: ${word}`);
    });
    expect(stray).toEqual([]);
  });
});
