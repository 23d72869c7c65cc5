import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { BASENAME } from './app/paths';
import { createQueryClient } from './app/queryClient';
import { AppRoutes } from './app/router';
import { AppShell } from './app/shell';

/**
 * The console: the query cache and the router around every page, antd's providers around all but the login page
 * (AppShell), served under /custom/. Navigation is not a transition, so a navigation can be committed at once (see
 * useSwitchRole); pages show their own loading state anyway.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={BASENAME} useTransitions={false}>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
