import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { lazyAfterFirstLoad, watchFirstLoad } from '@web/lib/first-load-settled';
import { createQueryClient } from '@web/lib/query-client';
import { createRouter } from './router';

// The notification area (Radix Toast) is loaded once the first page is up; toasts raised before it
// arrives wait in the store and show when it mounts.
const Toaster = lazyAfterFirstLoad(async () => ({
  default: (await import('@web/components/toast/toaster')).Toaster,
}));

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(createRouter);
  useEffect(() => watchFirstLoad(router, client), [router, client]);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
