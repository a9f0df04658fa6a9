// Federated entry: the shell mounts this under its route and the remote owns
// the routes below it.
import { Route, Routes } from '@agentflow/shared';
import { WorkflowsPage } from '../pages/WorkflowsPage';

export default function WorkflowsApp() {
  return (
    <Routes>
      <Route index element={<WorkflowsPage />} />
      <Route path="*" element={<WorkflowsPage />} />
    </Routes>
  );
}
