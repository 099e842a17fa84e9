// Providers: query client (retry once, no refetch on focus), toasts (spec section 9), router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router-dom';
import { router } from './routes/router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Bottom centre: at the top right, toasts covered the editor's Download and Save buttons (and
          react-hot-toast keeps a hovered toast open, so one could hide them for good). */}
      <Toaster
        position="bottom-center"
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          error: { duration: 4000 },
          loading: { duration: Infinity },
        }}
      />
    </QueryClientProvider>
  );
}
