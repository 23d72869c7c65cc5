import { ConfigProvider } from 'antd';

// For the files that share a worker: antd's static toasts (the request client's before the console mounts, the
// update notice) live in one holder for all of that worker's files. Without motion they leave the page as soon as
// destroy() is called; with it they wait for a transition end that jsdom never fires, and would still be on the
// next file's page.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider> });
