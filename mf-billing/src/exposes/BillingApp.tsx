// Federated entry: the shell mounts this under its route and the remote owns
// the routes below it.
import { Route, Routes } from '@agentflow/shared';
import { BillingPage } from '../pages/BillingPage';

export default function BillingApp() {
  return (
    <Routes>
      <Route index element={<BillingPage />} />
      <Route path="*" element={<BillingPage />} />
    </Routes>
  );
}
