/** A browser or a system as a person names it: 'Chrome 126', 'Windows 10'. */
interface Named {
  name: string;
  version?: string;
}

const named = ({ name, version }: Named) => (version ? `${name} ${version}` : name);

/**
 * Browsers by their own token, most specific first: Edge, Opera and the Chinese browsers also send "Chrome/…",
 * Chrome sends "Safari/…", so the first match wins. Only the major version is kept (Chrome 126, not 126.0.6478.61).
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/MicroMessenger\/(\d+)/, '微信'],
  [/DingTalk\/(\d+)/, '钉钉'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/QQBrowser\/(\d+)/, 'QQ 浏览器'],
  [/UCBrowser\/(\d+)/, 'UC 浏览器'],
  [/(?:SE 2\.X MetaSr|MetaSr)/, '搜狗浏览器'],
  [/360SE|360EE/, '360 浏览器'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Chrome 无界面'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari\//, 'Safari'],
  [/MSIE (\d+)|Trident\/.*rv:(\d+)/, 'IE'],
  [/curl\/(\d+)/, 'curl'],
];

/** Windows NT versions as Windows names them (NT 10.0 is both 10 and 11: the agent does not tell them apart). */
const WINDOWS: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7', '6.0': 'Vista', '5.1': 'XP' };

function systemOf(agent: string): Named | undefined {
  const windows = /Windows NT (\d+\.\d+)/.exec(agent);
  if (windows) return { name: 'Windows', version: WINDOWS[windows[1]] };
  const android = /Android (\d+(?:\.\d+)?)/.exec(agent);
  if (android) return { name: 'Android', version: android[1] };
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)[_\d]*/.exec(agent);
  if (ios) return { name: /iPad/.test(agent) ? 'iPadOS' : 'iOS', version: ios[1] };
  const mac = /Mac OS X (\d+)[_.](\d+)/.exec(agent);
  if (mac) return { name: 'macOS', version: mac[1] === '10' ? `${mac[1]}.${mac[2]}` : mac[1] };
  if (/HarmonyOS/.test(agent)) return { name: 'HarmonyOS' };
  if (/CrOS/.test(agent)) return { name: 'ChromeOS' };
  if (/Linux/.test(agent)) return { name: 'Linux' };
  return undefined;
}

function browserOf(agent: string): Named | undefined {
  for (const [pattern, name] of BROWSERS) {
    const found = pattern.exec(agent);
    if (found) return { name, version: found.slice(1).find(Boolean) };
  }
  return undefined;
}

/**
 * What a person reads of a User-Agent: the browser and the system, e.g. 'Chrome 126 / Windows 10'; either part
 * alone when only it is known, '' when neither is (the whole string is still there to be shown on demand).
 * @example describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) … Chrome/126.0.0.0 Safari/537.36') // 'Chrome 126 / Windows 10'
 */
export function describeUserAgent(agent: string): string {
  const parts = [browserOf(agent), systemOf(agent)].filter((part): part is Named => !!part);
  return parts.map(named).join(' / ');
}
