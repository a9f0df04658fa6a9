// Federated entry: the shell mounts this under its route and the remote owns
// the routes below it.
import { Route, Routes } from '@agentflow/shared';
import { AccessPage } from '../pages/AccessPage';

export default function AccessApp() {
  return (
    <Routes>
      <Route index element={<AccessPage />} />
      <Route path="*" element={<AccessPage />} />
    </Routes>
  );
}
