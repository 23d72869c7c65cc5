// first: before any schema of @gw/contracts is made
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app/global.css';
import { installErrorLog } from './layout/errorRecorder';
import { registerServiceWorker } from './sw/register';

// errors on the login page are recorded too, not only inside the frame
installErrorLog();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
