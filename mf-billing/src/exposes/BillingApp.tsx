// Federated entry: the shell mounts this under /billing/* and the remote owns
// the routes below it: the overview (index), plans, usage, team, and the
// pages Stripe Checkout returns to. The pages below the overview load with
// their first visit (recharts only with the usage chart, Stripe.js only on
// Subscribe).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RequireAuth, Route, Routes, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { createQueryClient, syncOnlineManager } from '../api/queries';
import { BILLING_CATALOGS } from '../i18n';
import { BillingOverview, BillingPage, UnknownSection } from '../pages/BillingPage';
import '@agentflow/shared/styles/kit.css';
import '../components/billing.css';

const UsagePage = lazy(() => import('../pages/UsagePage').then((module) => ({ default: module.UsagePage })));
const TeamPage = lazy(() => import('../pages/TeamPage').then((module) => ({ default: module.TeamPage })));
const PlansPage = lazy(() => import('../pages/PlansPage').then((module) => ({ default: module.PlansPage })));
const CheckoutSuccessPage = lazy(() => import('../pages/CheckoutReturnPages').then((module) => ({ default: module.CheckoutSuccessPage })));
const CheckoutCancelPage = lazy(() => import('../pages/CheckoutReturnPages').then((module) => ({ default: module.CheckoutCancelPage })));

function Loading() {
  const { t } = useI18n();
  return (
    <p className="page-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

const guarded = (page: ReactNode) => (
  <RequireAuth>
    <Suspense fallback={<Loading />}>{page}</Suspense>
  </RequireAuth>
);

/** `queryClient` is for tests; the remote makes its own (one per mount). */
export default function BillingApp({ queryClient }: { queryClient?: QueryClient } = {}) {
  useRemoteCatalogs(BILLING_CATALOGS);
  const [client] = useState(() => {
    syncOnlineManager();
    return queryClient ?? createQueryClient();
  });
  return (
    <QueryClientProvider client={client}>
      <Routes>
        <Route element={<BillingPage />}>
          <Route index element={<BillingOverview />} />
          <Route path="plans" element={guarded(<PlansPage />)} />
          <Route path="success" element={guarded(<CheckoutSuccessPage />)} />
          <Route path="cancel" element={guarded(<CheckoutCancelPage />)} />
          <Route path="usage" element={guarded(<UsagePage />)} />
          <Route path="team" element={guarded(<TeamPage />)} />
          <Route path="*" element={<UnknownSection />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
